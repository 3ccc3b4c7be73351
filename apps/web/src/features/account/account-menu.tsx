import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Briefcase,
  ChevronDown,
  History,
  LogOut,
  type LucideIcon,
  Megaphone,
  ReceiptText,
  UserRound,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useBalanceSync } from '../../shared/state/balance';
import { useUnreadCount } from '../../shared/state/inbox';
import {
  isMemberCentreOpen,
  isMemberPageKey,
  MEMBER_QUERY_PARAM,
  type MemberPageKey,
} from '../../shared/state/member-centre';
import { useMember } from '../../shared/state/session';
import { flagsOf, useSystemStatus } from '../../shared/state/site';
import { cx } from '../../shared/ui/cx';
import { useModal } from '../../shared/ui/modal-host';
import { BalanceLine, BalancePill } from './balance';
import { useProtectedAction } from './protected';

type Item = { key: string; icon: LucideIcon; page: MemberPageKey | 'agentTeamOverview' };

/** Drop-down entries (spec §2 header, logged in); page keys of the personal centre menu. */
const ITEMS: Item[] = [
  { key: 'bettingRecord', icon: History, page: 'personalHistoryCopy' },
  { key: 'deposit', icon: ArrowDownToLine, page: 'depositv2' },
  { key: 'withdrawal', icon: ArrowUpFromLine, page: 'withdraw' },
  { key: 'accountRecord', icon: ReceiptText, page: 'transactionHistory' },
  { key: 'messages', icon: Megaphone, page: 'messageV2' },
];

/**
 * The logged-in header: account name, the balance (refresh, show/hide; in the drop-down on
 * phones) and the drop-down with records, deposit, withdrawal, member or agent centre and sign out.
 */
export const AccountMenu = () => {
  const { t } = useTranslation('auth');
  const { token, account, member, isAgent } = useMember();
  const modal = useModal();
  const guard = useProtectedAction();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const name = member?.nickname || account || '';
  const unread = useUnreadCount();
  const inboxOn = flagsOf(useSystemStatus().data).INBOX3 === true;

  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target))
        setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  // The balance refetches on each WebSocket push and on a note from another tab.
  useBalanceSync(token);

  // Each entry opens the member centre on its page; the agent centre goes to the agent site.
  const opening = useRef(false);
  const openCentre = (page: MemberPageKey) => {
    if (opening.current || isMemberCentreOpen()) return;
    opening.current = true;
    modal.open('memberCentre', { page }, { onClose: () => (opening.current = false) });
  };
  const openSection = (page: Item['page']) =>
    guard(() => {
      setOpen(false);
      if (page === 'agentTeamOverview') void navigate('/agentHome');
      else openCentre(page);
      return page;
    });

  // `?member=<pageKey>` on any page opens the member centre there (refresh and links work).
  const [params] = useSearchParams();
  const requested = params.get(MEMBER_QUERY_PARAM);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the URL only
  useEffect(() => {
    if (!isMemberPageKey(requested) || opening.current || isMemberCentreOpen()) return;
    guard(() => openCentre(requested));
  }, [requested]);

  const entries: Item[] = [
    ...ITEMS.filter((item) => item.page !== 'messageV2' || inboxOn),
    isAgent
      ? { key: 'agentCentre', icon: Briefcase, page: 'agentTeamOverview' }
      : { key: 'memberCentre', icon: UserRound, page: 'securityCenter' },
  ];

  return (
    <div ref={rootRef} className="relative flex items-center gap-2" data-testid="account-area">
      <BalancePill />
      <button
        type="button"
        data-testid="account-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex h-9 max-w-[10.5rem] items-center gap-2 rounded-full bg-surface-2 py-1 pr-2.5 pl-1 text-sm font-semibold ring-1 ring-line transition hover:ring-brand/60"
      >
        <span className="relative grid size-7 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand to-[color-mix(in_oklab,var(--brand)_60%,#7c3aed)] text-[0.75rem] font-bold text-brand-fg uppercase">
          {name.slice(0, 1)}
          {unread > 0 ? (
            <span
              data-testid="account-unread-dot"
              className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-red-500 ring-2 ring-surface-2"
            />
          ) : null}
        </span>
        <span data-testid="account-name" className="truncate">
          {name}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cx('size-4 shrink-0 text-muted transition', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          data-testid="account-menu"
          className="absolute top-[calc(100%+0.5rem)] right-0 z-50 w-64 overflow-hidden rounded-2xl bg-raised p-1.5 shadow-2xl ring-1 ring-line"
        >
          <div className="mb-1 rounded-xl bg-surface-2 px-3 py-2.5">
            <p className="truncate text-sm font-bold">{name}</p>
            <p className="text-xs text-muted">{t(isAgent ? 'account.agent' : 'account.member')}</p>
            <BalanceLine />
          </div>
          {entries.map(({ key, icon: Icon, page }) => (
            <button
              key={key}
              type="button"
              role="menuitem"
              data-testid={`account-${key}`}
              onClick={() => openSection(page)}
              className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-fg/85 transition hover:bg-surface-2 hover:text-fg"
            >
              <Icon aria-hidden="true" className="size-4 text-muted" />
              {t(`account.${key}`)}
              {key === 'messages' && unread > 0 ? (
                <span
                  data-testid="account-messages-badge"
                  className="ml-auto grid h-5 min-w-5 place-items-center rounded-full bg-red-500 px-1.5 text-[0.7rem] font-bold text-white tabular-nums"
                >
                  {unread > 99 ? '99+' : unread}
                </span>
              ) : null}
            </button>
          ))}
          <div className="my-1 h-px bg-line" />
          <button
            type="button"
            role="menuitem"
            data-testid="account-logout"
            onClick={() => {
              setOpen(false);
              modal.open('confirmLogout', {});
            }}
            className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-red-600 transition hover:bg-red-500/10 dark:text-red-400"
          >
            <LogOut aria-hidden="true" className="size-4" />
            {t('account.signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
};
