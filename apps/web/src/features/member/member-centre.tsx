import { X } from 'lucide-react';
import { type ComponentType, Suspense, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyChunk } from '../../shared/chunk';
import { useUnreadCount } from '../../shared/state/inbox';
import {
  DEFAULT_MEMBER_PAGE,
  isMemberPageKey,
  MEMBER_QUERY_PARAM,
  type MemberPageKey,
  markMemberCentreOpen,
} from '../../shared/state/member-centre';
import { useMissionBadge } from '../../shared/state/missions';
import { useRewardCount } from '../../shared/state/rewards';
import { useMember } from '../../shared/state/session';
import { cx } from '../../shared/ui/cx';
import { focusInitial, type ModalComponentProps, useModalTitleId } from '../../shared/ui/modal-host';
import { MEMBER_MENU } from './menu';
import { MemberNavContext } from './nav';
import { ComingSoon } from './pages/coming-soon';
import { type MemberParts, MemberPartsProvider } from './parts';
import { Loading } from './ui';

declare module '../../shared/ui/modal-host' {
  interface ModalRegistry {
    /** The member centre (spec §2 personal centre), open on `page` (default securityCenter). */
    memberCentre: { page?: MemberPageKey };
  }
}

const pages: Partial<Record<MemberPageKey, ComponentType>> = {
  securityCenter: lazyChunk(() =>
    import('./pages/security-center').then((m) => ({ default: m.SecurityCenterPage })),
  ),
  transferFund: lazyChunk(() =>
    import('./pages/transfer-fund').then((m) => ({ default: m.TransferFundPage })),
  ),
  depositv2: lazyChunk(() => import('./pages/deposit').then((m) => ({ default: m.DepositPage }))),
  withdraw: lazyChunk(() => import('./pages/withdraw').then((m) => ({ default: m.WithdrawPage }))),
  transferUpline: lazyChunk(() =>
    import('./pages/transfer-upline').then((m) => ({ default: m.TransferUplinePage })),
  ),
  transactionHistory: lazyChunk(() =>
    import('./pages/transaction-history').then((m) => ({ default: m.TransactionHistoryPage })),
  ),
  personalProfit: lazyChunk(() =>
    import('./pages/personal-profit').then((m) => ({ default: m.PersonalProfitPage })),
  ),
  messageV2: lazyChunk(() => import('./pages/messages').then((m) => ({ default: m.MessagesPage }))),
};

type Props = ModalComponentProps<'memberCentre'> & MemberParts;

/**
 * The member centre: the spec §2 left menu in order (a top menu on phones, where the centre is
 * full-screen), the selected page highlighted, a close button. The open page is in the URL
 * (`?member=<pageKey>`), so refresh, links and the back button work.
 */
export const MemberCentre = ({
  page: initialPage,
  close,
  bettingRecord,
  authenticator,
  responsibleGaming,
  missions,
  manualRebate,
  bonusDetails,
  rewardCenter,
  referral,
}: Props) => {
  const { t } = useTranslation('member');
  const titleId = useModalTitleId();
  const { loggedIn } = useMember();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(MEMBER_QUERY_PARAM);
  const page: MemberPageKey = isMemberPageKey(fromUrl)
    ? fromUrl
    : isMemberPageKey(initialPage)
      ? initialPage
      : DEFAULT_MEMBER_PAGE;
  const sawParam = useRef(false);
  const rootRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLElement>(null);

  // Counted as open while mounted, so the header does not open a second one from the URL.
  useEffect(() => {
    markMemberCentreOpen(true);
    return () => markMemberCentreOpen(false);
  }, []);

  // Opened from code: the page goes into the URL (pushed, so Back closes the centre).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on open
  useEffect(() => {
    if (fromUrl !== page)
      setParams(
        (current) => {
          current.set(MEMBER_QUERY_PARAM, page);
          return current;
        },
        { replace: false },
      );
    const dialog = rootRef.current?.closest<HTMLElement>('[role="dialog"]');
    if (dialog && (document.activeElement === dialog || !dialog.contains(document.activeElement)))
      focusInitial(dialog);
  }, []);

  // Back past the open (the parameter gone) or a sign-out closes the centre.
  useEffect(() => {
    if (isMemberPageKey(fromUrl)) sawParam.current = true;
    else if (sawParam.current) close();
  }, [fromUrl, close]);
  useEffect(() => {
    if (!loggedIn) close();
  }, [loggedIn, close]);

  // Closed any way (button, Escape, cover): the parameter leaves the URL.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const hasParamRef = useRef(false);
  hasParamRef.current = params.has(MEMBER_QUERY_PARAM);
  useEffect(
    () => () => {
      if (hasParamRef.current)
        setParamsRef.current(
          (current) => {
            current.delete(MEMBER_QUERY_PARAM);
            return current;
          },
          { replace: true },
        );
    },
    [],
  );

  const go = (next: MemberPageKey) => {
    setParams(
      (current) => {
        current.set(MEMBER_QUERY_PARAM, next);
        return current;
      },
      { replace: true },
    );
  };

  // Keep the selected entry of the phone's top menu in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change
  useEffect(() => {
    const active = menuRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [page]);

  const parts = useMemo(
    () => ({ bettingRecord, authenticator, responsibleGaming }),
    [bettingRecord, authenticator, responsibleGaming],
  );
  const item = MEMBER_MENU.find((entry) => entry.page === page);
  // Count badges (spec §2): platform information shows the unread messages, mission activity the
  // missions claimable now.
  const unread = useUnreadCount();
  const missionBadge = useMissionBadge();
  const rewardCount = useRewardCount();
  const badges: Partial<Record<MemberPageKey, number>> = {
    messageV2: unread,
    missionLeaderboard: missionBadge,
    rewardCenter: rewardCount,
  };
  // Pages of other features (app/ hands them in): betting record, missions, rebate, bonuses, rewards.
  const fromParts: Partial<Record<MemberPageKey, ComponentType | undefined>> = {
    personalHistoryCopy: bettingRecord,
    missionLeaderboard: missions,
    manualRebate,
    bonusDetails,
    rewardCenter,
    referral,
  };
  const Page = page in fromParts ? fromParts[page] : pages[page];

  return (
    <section
      ref={rootRef}
      data-testid="member-centre"
      data-member-page={page}
      className={cx(
        'flex h-[100dvh] w-full flex-col overflow-hidden bg-raised text-fg shadow-2xl',
        'relative sm:h-[min(48rem,90dvh)] sm:w-[min(68rem,calc(100vw-3rem))] sm:flex-row sm:rounded-3xl sm:ring-1 sm:ring-line',
      )}
    >
      <button
        type="button"
        data-testid="member-centre-close"
        data-autofocus
        onClick={close}
        aria-label={t('centre.close')}
        className="absolute top-1.5 right-3 z-10 grid size-9 place-items-center rounded-full text-muted transition hover:bg-surface-2 hover:text-fg sm:top-4 sm:right-4"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
      <nav
        ref={menuRef}
        aria-label={t('centre.menu')}
        className="shrink-0 border-b border-line bg-surface-2/50 sm:w-60 sm:overflow-y-auto sm:border-r sm:border-b-0"
      >
        <div className="flex items-center gap-2 py-2.5 pr-14 pl-4 sm:px-5 sm:pt-5 sm:pb-3">
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-lg font-bold">
            {t('centre.title')}
          </h2>
        </div>
        <ul className="scrollbar-none flex gap-1 overflow-x-auto px-3 pb-3 sm:flex-col sm:gap-0.5 sm:overflow-visible sm:pb-5">
          {MEMBER_MENU.map(({ page: key, icon: Icon, built }) => {
            const active = key === page;
            return (
              <li key={key} className="shrink-0">
                <button
                  type="button"
                  data-testid={`member-menu-${key}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={() => go(key)}
                  className={cx(
                    'flex w-full items-center gap-2.5 rounded-xl px-3 py-2 text-left text-[0.8125rem] font-medium whitespace-nowrap transition sm:py-2.5 sm:text-sm',
                    active
                      ? 'bg-brand text-brand-fg shadow-[0_6px_18px_-10px_var(--brand)]'
                      : 'text-fg/80 hover:bg-surface-2 hover:text-fg',
                    !built && !active && 'text-fg/55',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {t(`menu.${key}`)}
                  {(badges[key] ?? 0) > 0 ? (
                    <span
                      data-testid={`member-menu-badge-${key}`}
                      role="img"
                      aria-label={t('centre.badge', { count: badges[key] })}
                      className={cx(
                        'ml-auto grid h-5 min-w-5 place-items-center rounded-full px-1.5 text-[0.7rem] font-bold tabular-nums',
                        active ? 'bg-brand-fg text-brand' : 'bg-red-500 text-white',
                      )}
                    >
                      {(badges[key] ?? 0) > 99 ? '99+' : badges[key]}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <div className="hidden h-14 items-center px-6 pt-3 sm:flex">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t(`menu.${page}`)}</p>
        </div>
        <div
          className="min-h-0 flex-1 overflow-y-auto px-4 pt-4 pb-8 sm:px-6 sm:pt-2"
          data-testid="member-page"
        >
          <MemberPartsProvider parts={parts}>
            <MemberNavContext.Provider value={go}>
              <Suspense fallback={<Loading />}>
                {Page && item?.built !== false ? <Page key={page} /> : <ComingSoon page={page} />}
              </Suspense>
            </MemberNavContext.Provider>
          </MemberPartsProvider>
        </div>
      </div>
    </section>
  );
};
