import {
  ArrowDownToLine,
  ArrowUpFromLine,
  ArrowUpRight,
  Gift,
  HandCoins,
  History,
  type LucideIcon,
  Megaphone,
  ReceiptText,
  ShieldCheck,
  Sparkles,
  Target,
  TrendingUp,
  UserPlus,
  Wallet,
} from 'lucide-react';
import type { MemberPageKey } from '../../shared/state/member-centre';

export type MenuItem = {
  page: MemberPageKey;
  icon: LucideIcon;
  /** False: a later release builds this page; it says so honestly. */
  built: boolean;
};

/** The personal centre menu (spec §2), in the spec's order. */
export const MEMBER_MENU: MenuItem[] = [
  { page: 'securityCenter', icon: ShieldCheck, built: true },
  { page: 'transferFund', icon: Wallet, built: true },
  { page: 'depositv2', icon: ArrowDownToLine, built: true },
  { page: 'withdraw', icon: ArrowUpFromLine, built: true },
  { page: 'transferUpline', icon: ArrowUpRight, built: true },
  { page: 'personalHistoryCopy', icon: History, built: true },
  { page: 'transactionHistory', icon: ReceiptText, built: true },
  { page: 'personalProfit', icon: TrendingUp, built: true },
  { page: 'bonusDetails', icon: Gift, built: true },
  { page: 'rewardCenter', icon: Sparkles, built: true },
  { page: 'referral', icon: UserPlus, built: true },
  { page: 'missionLeaderboard', icon: Target, built: true },
  { page: 'messageV2', icon: Megaphone, built: true },
  { page: 'manualRebate', icon: HandCoins, built: true },
];
