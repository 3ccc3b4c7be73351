import { type GameType, LOTTERY_PAGE_VENDORS } from '@khela/contract/browser';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSessionState } from '../../shared/state/session';
import { useModal } from '../../shared/ui/modal-host';
import { showToast } from './toast';

/** What the launch button acts on: a game, or a vendor card (spec §3 game launch object). */
export type Launchable = {
  gameType: GameType;
  vendor: string;
  displayName: string;
  isGame: 'VASSALAGE' | 'GAME';
  gameCode: string | null;
  defaultPlayType: string | null;
};

export type LaunchTarget =
  | { kind: 'vendorGames' }
  | { kind: 'lottery'; href: string }
  | { kind: 'slot'; href: string }
  | { kind: 'soon' };

/** Lottery games of these vendors open the lottery page (spec §2). */
export const isLotteryPageVendor = (vendor: string) =>
  (LOTTERY_PAGE_VENDORS as readonly string[]).includes(vendor.toUpperCase());

/**
 * The launch routing of spec §2: a VASSALAGE card opens the vendor's game list; lottery games of
 * TCG_LOTTO_VN, TCG_SEA, ELOTT and LOTT go to `/lottery` with gameCode, vendor and playType;
 * slot games go to the slot lobby; everything else is a third-party launch.
 */
export const launchTarget = (item: Launchable): LaunchTarget => {
  if (item.isGame === 'VASSALAGE') return { kind: 'vendorGames' };
  if (isLotteryPageVendor(item.vendor)) {
    const params = new URLSearchParams();
    if (item.gameCode) params.set('gameCode', item.gameCode);
    params.set('vendor', item.vendor);
    if (item.defaultPlayType) params.set('playType', item.defaultPlayType);
    return { kind: 'lottery', href: `/lottery?${params.toString()}` };
  }
  if (item.gameType === 'RNG')
    return { kind: 'slot', href: `/rng?vassalage=${encodeURIComponent(item.vendor)}` };
  return { kind: 'soon' };
};

/**
 * The launch button: login first (spec §6), then the routing above. The game window itself is
 * built by the game-launch work; until then a launch says the game opens soon.
 */
export const useLaunch = () => {
  const { t } = useTranslation('lobby');
  const { token } = useSessionState();
  const modal = useModal();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (item: Launchable) => {
      const target = launchTarget(item);
      if (target.kind === 'vendorGames') {
        modal.open('vendorGames', { vendor: item.vendor, gameType: item.gameType, title: item.displayName });
        return;
      }
      if (!token) {
        modal.open('login', {});
        return;
      }
      if (target.kind === 'lottery') {
        navigate(target.href);
        return;
      }
      if (target.kind === 'slot' && pathname !== '/rng') navigate(target.href);
      showToast(t('launch.soon', { name: item.displayName }));
    },
    [modal, token, navigate, pathname, t],
  );
};
