import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Briefcase,
  ChevronDown,
  History,
  LogOut,
  type LucideIcon,
  ReceiptText,
  UserRound,
  Wallet,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../../shared/state/session';
import { cx } from '../../shared/ui/cx';
import { useModal } from '../../shared/ui/modal-host';
import { useProtectedAction } from './protected';

type Item = { key: string; icon: LucideIcon; page: string };

/** Drop-down entries (spec §2 header, logged in); page keys of the personal centre menu. */
const ITEMS: Item[] = [
  { key: 'bettingRecord', icon: History, page: 'personalHistoryCopy' },
  { key: 'deposit', icon: ArrowDownToLine, page: 'depositv2' },
  { key: 'withdrawal', icon: ArrowUpFromLine, page: 'withdraw' },
  { key: 'accountRecord', icon: ReceiptText, page: 'transactionHistory' },
];

/**
 * The logged-in header: account name, the balance slot (the wallet fills it; 'updating' until
 * then) and the drop-down with records, deposit, withdrawal, member or agent centre and sign out.
 */
export const AccountMenu = () => {
  const { t } = useTranslation('auth');
  const { account, member, isAgent } = useMember();
  const modal = useModal();
  const guard = useProtectedAction();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const name = member?.nickname || account || '';

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

  // The member and agent centres and the wallet pages are not built yet: each entry says so.
  const openSection = (page: string) =>
    guard(() => {
      setOpen(false);
      modal.open('updating', {});
      return page;
    });

  const entries: Item[] = [
    ...ITEMS,
    isAgent
      ? { key: 'agentCentre', icon: Briefcase, page: 'agentTeamOverview' }
      : { key: 'memberCentre', icon: UserRound, page: 'securityCenter' },
  ];

  return (
    <div ref={rootRef} className="relative flex items-center gap-2" data-testid="account-area">
      <div
        data-testid="balance-slot"
        className="hidden h-9 items-center gap-1.5 rounded-full bg-surface-2 px-3 text-[0.8125rem] ring-1 ring-line sm:flex"
      >
        <Wallet aria-hidden="true" className="size-4 text-brand" />
        <span className="animate-pulse text-muted" data-testid="balance-updating">
          {t('account.balanceUpdating')}
        </span>
      </div>
      <button
        type="button"
        data-testid="account-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex h-9 max-w-[10.5rem] items-center gap-2 rounded-full bg-surface-2 py-1 pr-2.5 pl-1 text-sm font-semibold ring-1 ring-line transition hover:ring-brand/60"
      >
        <span className="grid size-7 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand to-[color-mix(in_oklab,var(--brand)_60%,#7c3aed)] text-[0.75rem] font-bold text-brand-fg uppercase">
          {name.slice(0, 1)}
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
            <p className="mt-1 flex items-center gap-1.5 text-xs text-muted sm:hidden">
              <Wallet aria-hidden="true" className="size-3.5 text-brand" />
              {t('account.balanceUpdating')}
            </p>
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
