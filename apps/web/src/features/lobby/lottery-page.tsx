import type { GameCard as VendorCardData } from '@khela/contract';
import { Clock3, Ticket, X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cx } from '../../shared/ui/cx';
import { EmptyState, GameGrid } from './game-grid';
import { isLotteryPageVendor } from './launch';
import { Pager } from './pager';
import { useGameList } from './queries';
import { useGameVendors } from './use-game-vendors';

/**
 * The lottery page `/lottery` (spec §2): the lottery vendors that open here (TCG_LOTTO_VN,
 * TCG_SEA, ELOTT, LOTT) as menu tabs, their games, and the game a launch brought the member to
 * (`?gameCode=&vendor=&playType=`), which opens once the game-launch work lands.
 */
export const LotteryPage = () => {
  const { t } = useTranslation(['lobby', 'shell']);
  const [params, setParams] = useSearchParams();
  const lanes = useGameVendors().data;
  const vendors = useMemo(
    () =>
      (lanes ?? [])
        .filter((lane) => lane.title === 'ELOTT' || lane.title === 'LOTT')
        .flatMap((lane) => lane.cards)
        .filter((card: VendorCardData) => isLotteryPageVendor(card.vassalage)),
    [lanes],
  );
  const requested = (params.get('vendor') ?? '').toUpperCase();
  const gameCode = params.get('gameCode') ?? '';
  const playType = params.get('playType') ?? '';
  const vendor = vendors.find((v) => v.vassalage === requested) ?? vendors[0];
  const pageNo = Math.max(1, Number.parseInt(params.get('pageNo') ?? '1', 10) || 1);
  const list = useGameList(
    { gameType: vendor?.gameType, vassalage: vendor?.vassalage, pageNo },
    Boolean(vendor),
  );
  const served = list.data;
  const chosen = served?.games.find((g) => g.gameCode === gameCode);
  const names = useMemo(() => new Map(vendors.map((v) => [v.vassalage, v.displayName])), [vendors]);

  const pick = (code: string) => setParams(new URLSearchParams({ vendor: code }));

  return (
    <div className="mx-auto w-full max-w-[1200px] space-y-5 px-3 pt-5 pb-6 sm:px-4 sm:pt-6 lg:px-6">
      <header className="flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-2xl bg-gradient-to-br from-emerald-500 to-teal-600 text-white shadow-card">
          <Ticket aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t('lobby:lottery.title')}</h1>
          <p className="text-sm text-muted">{t('lobby:lottery.subtitle')}</p>
        </div>
      </header>

      {gameCode ? (
        <section
          data-testid="lottery-selected"
          className="flex items-start gap-3 rounded-2xl bg-brand/10 p-4 ring-1 ring-brand/40"
        >
          <Clock3 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-bold">{chosen?.displayName ?? gameCode}</p>
            <p className="mt-0.5 text-muted">
              {t('lobby:lottery.selected', {
                vendor: names.get(requested) ?? requested,
                playType: playType || t('lobby:lottery.defaultPlay'),
              })}
            </p>
            <p className="mt-1 text-fg/85">
              {t('lobby:launch.soon', { name: chosen?.displayName ?? gameCode })}
            </p>
          </div>
          <Link
            to={`/lottery?vendor=${encodeURIComponent(requested)}`}
            aria-label={t('lobby:filter.clear')}
            className="grid size-8 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
          >
            <X aria-hidden="true" className="size-4" />
          </Link>
        </section>
      ) : null}

      <div
        role="tablist"
        aria-label={t('lobby:lottery.menu')}
        className="scrollbar-none -mx-3 flex gap-2 overflow-x-auto px-3 sm:mx-0 sm:px-0"
      >
        {vendors.map((v) => (
          <button
            key={v.vassalage}
            type="button"
            role="tab"
            data-testid="lottery-tab"
            aria-selected={v.vassalage === vendor?.vassalage}
            onClick={() => pick(v.vassalage)}
            className={cx(
              'h-10 shrink-0 rounded-full px-4 text-sm font-semibold transition',
              v.vassalage === vendor?.vassalage
                ? 'bg-fg text-bg shadow'
                : 'bg-surface text-fg/75 ring-1 ring-line hover:text-fg',
            )}
          >
            {v.displayName}
          </button>
        ))}
      </div>

      <GameGrid
        games={lanes && !vendor ? [] : served?.games}
        loading={list.isFetching}
        vendorNames={names}
        empty={<EmptyState icon={<Ticket className="size-6" />} title={t('lobby:empty.all')} />}
      />
      <Pager
        page={served?.pageNo ?? 1}
        totalPages={served?.totalPages ?? 1}
        onPage={(page) => {
          const next = new URLSearchParams(params);
          next.set('pageNo', String(page));
          setParams(next);
        }}
      />
    </div>
  );
};
