import type { LotteryMenuItem } from '@khela/contract';
import { prizeModeOf, shortNumero, WEEKDAYS } from '@khela/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Clock3, Ticket, X } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client';
import { useMember } from '../../shared/state/session';
import { cx } from '../../shared/ui/cx';
import { useModal } from '../../shared/ui/modal-host';
import { useLaunch } from './launch';
import {
  fieldClass,
  LotteryCard,
  LotterySearch,
  MenuTabs,
  TYPE_ICONS,
  useNow,
  useWeekdayNames,
} from './lottery-parts';
import { useLotteryMenus, useLotteryPopular, useLotteryRecent } from './lottery-queries';
import {
  filterLotteries,
  formatCountdown,
  type LotteryListType,
  type LotteryQuery,
  parseLotteryQuery,
  readLotteryFavs,
  secondsToClose,
  toggleLotteryFav,
  visibleLotteryTypes,
  withLotteryQuery,
} from './lottery-rules';
import { useGameVendors } from './use-game-vendors';

/**
 * The lottery page `/lottery` (spec §2, §3, §4, §9): list types (the menu, hot, saved for
 * members, recent for real accounts), the menu's group tabs (arrows past seven), the weekday
 * filter and the name search; each lottery with its open issue and a countdown to its close. The
 * lists poll, each answer deciding when to ask again. A bet opens the lottery's betting view,
 * which shows the 'opening soon' state until lottery betting lands (`?gameCode=&vendor=&playType=`).
 */
export const LotteryPage = ({
  bettingView,
}: {
  /** The betting view of an in-house lottery (handed in by app/), else `fallback` (opening soon). */
  bettingView?: (gameCode: string, fallback: ReactNode) => ReactNode;
} = {}) => {
  const { t, i18n } = useTranslation(['lobby', 'shell']);
  const [params, setParams] = useSearchParams();
  const query = parseLotteryQuery(params);
  const { loggedIn, isTrial, account } = useMember();
  const modal = useModal();
  const launch = useLaunch();
  const client = useQueryClient();
  const lanes = useGameVendors().data;
  const prizeMode = lanes ? prizeModeOf(lanes) : undefined;
  const vendorNames = useMemo(
    () => new Map((lanes ?? []).flatMap((lane) => lane.cards.map((c) => [c.vassalage, c.displayName]))),
    [lanes],
  );

  const types = visibleLotteryTypes(loggedIn, isTrial);
  const type: LotteryListType = types.includes(query.type) ? query.type : 'none';
  const menus = useLotteryMenus(prizeMode);
  const popular = useLotteryPopular(prizeMode, type === 'hot');
  const recent = useLotteryRecent(prizeMode, type === 'recent');

  const [favs, setFavs] = useState<string[]>([]);
  useEffect(() => setFavs(account ? readLotteryFavs(account) : []), [account]);

  const groups = useMemo(() => Object.values(menus.data ?? {}), [menus.data]);
  const everything = useMemo(() => groups.flatMap((g) => g.gameMenus), [groups]);
  const group = groups.find((g) => g.tag === query.tag) ?? groups[0];

  const source = (() => {
    if (type === 'hot') return { items: popular.data, at: popular.dataUpdatedAt };
    if (type === 'recent') return { items: recent.data, at: recent.dataUpdatedAt };
    if (type === 'fav')
      return {
        items: menus.data
          ? favs
              .map((id) => everything.find((item) => item.nodeId === id))
              .filter((i): i is LotteryMenuItem => !!i)
          : undefined,
        at: menus.dataUpdatedAt,
      };
    return { items: group?.gameMenus ?? (menus.data ? [] : undefined), at: menus.dataUpdatedAt };
  })();
  const shown = source.items ? filterLotteries(source.items, query) : undefined;
  const now = useNow();
  const elapsed = source.at ? Math.max(0, (now - source.at) / 1000) : 0;

  const shortDays = useWeekdayNames(i18n.language, 'short');
  const longDays = useWeekdayNames(i18n.language, 'long');

  // From the address bar, not this render: a search applied after its pause must not undo a tab
  // picked meanwhile (navigations render as transitions).
  const change = (next: Partial<LotteryQuery>) => {
    const latest = new URLSearchParams(window.location.search);
    setParams(withLotteryQuery(latest, { ...parseLotteryQuery(latest), ...next }));
  };

  // The betting view this page was opened on (a launch, or a bet below).
  const gameCode = params.get('gameCode') ?? '';
  const requested = (params.get('vendor') ?? '').toUpperCase();
  const playType = params.get('playType') ?? '';
  const chosen = everything.find((i) => i.gameId === gameCode && (!requested || i.vendor === requested));

  // Opening a lottery counts for the member's recent list (the later betting view records it too).
  const opened = useMutation({
    mutationFn: (nodeId: string) =>
      callApi('lotteryOpened', { body: { nodeId, ...(prizeMode ? { prizeMode } : {}) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['lottery-recent'] }),
  });
  const recorded = useRef('');
  const chosenId = chosen?.nodeId ?? '';
  const record = opened.mutate;
  useEffect(() => {
    if (!chosenId || !loggedIn || isTrial || recorded.current === chosenId) return;
    recorded.current = chosenId;
    record(chosenId);
  }, [chosenId, loggedIn, isTrial, record]);

  const play = (item: LotteryMenuItem) =>
    launch({
      gameType: 'ELOTT',
      vendor: item.vendor,
      displayName: item.gameName,
      isGame: 'GAME',
      gameCode: item.gameId,
      defaultPlayType: null,
    });
  const save = (item: LotteryMenuItem) => {
    if (!account) {
      modal.open('login', {});
      return;
    }
    setFavs(toggleLotteryFav(account, item.nodeId));
  };

  const filtered = Boolean(query.name || query.day);
  const chosenLeft = chosen ? secondsToClose(chosen, Math.max(0, (now - menus.dataUpdatedAt) / 1000)) : 0;

  const soon = (
    <section
      data-testid="lottery-selected"
      className="flex items-start gap-3 rounded-2xl bg-brand/10 p-4 ring-1 ring-brand/40"
    >
      <Clock3 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-bold">{chosen?.gameName ?? gameCode}</p>
        <p className="mt-0.5 text-muted">
          {t('lobby:lottery.selected', {
            vendor: vendorNames.get(requested) ?? requested,
            playType: playType || t('lobby:lottery.defaultPlay'),
          })}
        </p>
        {chosen ? (
          <p className="mt-0.5 text-muted tabular-nums">
            {t('lobby:lottery.issue', { numero: shortNumero(chosen.numero) })} ·{' '}
            {chosenLeft <= 0
              ? t('lobby:lottery.drawing')
              : t('lobby:lottery.closesIn', { time: formatCountdown(chosenLeft) })}
          </p>
        ) : null}
        <p className="mt-1 text-fg/85">{t('lobby:launch.soon', { name: chosen?.gameName ?? gameCode })}</p>
      </div>
      <Link
        to={`/lottery?${withLotteryQuery(new URLSearchParams(), query).toString()}`}
        aria-label={t('lobby:filter.clear')}
        className="grid size-8 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );

  return (
    <div
      data-testid="lottery-list"
      className="mx-auto w-full max-w-[1200px] space-y-5 px-3 pt-5 pb-6 sm:px-4 sm:pt-6 lg:px-6"
    >
      <header className="flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-2xl bg-gradient-to-br from-emerald-500 to-teal-600 text-white shadow-card">
          <Ticket aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t('lobby:lottery.title')}</h1>
          <p className="text-sm text-muted">{t('lobby:lottery.subtitle')}</p>
        </div>
      </header>

      {gameCode ? (bettingView ? bettingView(gameCode, soon) : soon) : null}

      <div
        role="tablist"
        aria-label={t('lobby:lottery.types')}
        className="scrollbar-none -mx-3 flex gap-1.5 overflow-x-auto px-3 sm:mx-0 sm:px-0"
      >
        {types.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            data-testid={`lottery-type-${key}`}
            aria-selected={type === key}
            onClick={() => change({ type: key })}
            className={cx(
              'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-semibold transition',
              type === key ? 'bg-fg text-bg shadow' : 'bg-surface text-fg/75 ring-1 ring-line hover:text-fg',
            )}
          >
            {TYPE_ICONS[key]}
            {t(`lobby:lottery.type.${key}`)}
          </button>
        ))}
      </div>

      {type === 'none' ? (
        groups.length > 0 ? (
          <MenuTabs
            tags={groups.map((g) => ({
              tag: g.tag,
              name: t(`lobby:lottery.group.${g.tag}`, { defaultValue: g.displayName }),
              count: g.gameMenus.length,
            }))}
            selected={group?.tag ?? ''}
            onSelect={(tag) => change({ tag })}
          />
        ) : (
          <div className="flex gap-2" aria-hidden="true">
            {[0, 1, 2, 3].map((n) => (
              <div key={n} className="h-10 w-24 animate-pulse rounded-2xl bg-surface-2" />
            ))}
          </div>
        )
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <LotterySearch value={query.name} onSearch={(name) => change({ name })} />
        <label className="relative block sm:w-52">
          <span className="sr-only">{t('lobby:lottery.day')}</span>
          <CalendarDays
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted"
          />
          <select
            data-testid="lottery-day"
            value={query.day ?? ''}
            onChange={(event) => change({ day: event.target.value ? Number(event.target.value) : null })}
            className={cx(fieldClass, 'appearance-none pl-10')}
          >
            <option value="">{t('lobby:lottery.anyDay')}</option>
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {longDays.get(day)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {!shown ? (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-hidden="true">
          {[0, 1, 2, 3].map((n) => (
            <li key={n} className="h-28 animate-pulse rounded-3xl bg-surface-2" />
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <div
          data-testid="lottery-empty"
          className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line px-6 py-14 text-center"
        >
          <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-muted ring-1 ring-line">
            {TYPE_ICONS[type]}
          </span>
          <p className="text-base font-bold">
            {filtered ? t('lobby:lottery.empty.filtered') : t(`lobby:lottery.empty.${type}`)}
          </p>
        </div>
      ) : (
        <ul data-testid="lottery-items" className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {shown.map((item) => (
            <LotteryCard
              key={item.nodeId}
              item={item}
              elapsed={elapsed}
              vendorName={vendorNames.get(item.vendor) ?? item.vendor}
              saved={account ? favs.includes(item.nodeId) : null}
              onSave={() => save(item)}
              onPlay={() => play(item)}
              weekdays={shortDays}
            />
          ))}
        </ul>
      )}
    </div>
  );
};
