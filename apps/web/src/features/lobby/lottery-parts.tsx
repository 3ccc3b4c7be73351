import type { LotteryMenuItem } from '@khela/contract';
import { formatDrawTime, shortNumero, WEEKDAYS } from '@khela/contract/browser';
import {
  CalendarDays,
  ChevronLeft,
  ChevronRight,
  Clock3,
  Flame,
  LayoutGrid,
  Play,
  Search,
  Star,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { useImageUrl } from './images';
import { LazyImage } from './lazy-image';
import { formatCountdown, type LotteryListType, secondsToClose, showMenuArrows } from './lottery-rules';
import { SEARCH_DEBOUNCE_MS } from './search-timing';

export const TYPE_ICONS: Record<LotteryListType, ReactNode> = {
  none: <LayoutGrid aria-hidden="true" className="size-4" />,
  hot: <Flame aria-hidden="true" className="size-4" />,
  fav: <Star aria-hidden="true" className="size-4" />,
  recent: <Clock3 aria-hidden="true" className="size-4" />,
};

export const fieldClass =
  'h-11 w-full rounded-full bg-surface pr-4 text-sm text-fg ring-1 ring-line transition outline-none placeholder:text-muted focus:ring-2 focus:ring-brand';

/** A clock that ticks every second (the countdowns). */
export const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
};

/** Weekday names of the page language, by weekday number (1 = Sunday; 22 Nov 2026 is a Sunday). */
export const useWeekdayNames = (language: string, width: 'short' | 'long') =>
  useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
    return new Map(WEEKDAYS.map((day) => [day, format.format(Date.UTC(2026, 10, 21 + day))]));
  }, [language, width]);

/** The menu tabs (groups): a scrolling row, with arrows when there are more than seven (spec §2). */
export const MenuTabs = ({
  tags,
  selected,
  onSelect,
}: {
  tags: readonly { tag: string; name: string; count: number }[];
  selected: string;
  onSelect: (tag: string) => void;
}) => {
  const { t } = useTranslation('lobby');
  const row = useRef<HTMLDivElement>(null);
  const arrows = showMenuArrows(tags.length);
  const scroll = (direction: 1 | -1) =>
    row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <div className="relative flex items-center gap-1" data-testid="lottery-menu" data-arrows={arrows}>
      {arrows ? (
        <button
          type="button"
          data-testid="lottery-menu-prev"
          aria-label={t('lottery.previousGroups')}
          onClick={() => scroll(-1)}
          className="grid size-9 shrink-0 place-items-center rounded-full bg-raised ring-1 ring-line hover:text-brand"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      <div
        ref={row}
        role="tablist"
        aria-label={t('lottery.menu')}
        className="scrollbar-none -mx-3 flex min-w-0 flex-1 gap-2 overflow-x-auto scroll-smooth px-3 sm:mx-0 sm:px-0"
      >
        {tags.map(({ tag, name, count }) => (
          <button
            key={tag}
            type="button"
            role="tab"
            data-testid="lottery-menu-tab"
            data-tag={tag}
            aria-selected={tag === selected}
            onClick={() => onSelect(tag)}
            className={cx(
              'inline-flex h-10 shrink-0 items-center gap-2 rounded-2xl px-4 text-sm font-semibold transition',
              tag === selected
                ? 'bg-gradient-to-br from-emerald-500 to-teal-600 text-white shadow'
                : 'bg-surface text-fg/80 ring-1 ring-line hover:text-fg',
            )}
          >
            {name}
            <span
              className={cx(
                'rounded-full px-1.5 text-[0.6875rem] tabular-nums',
                tag === selected ? 'bg-white/20' : 'bg-surface-2 text-muted',
              )}
            >
              {count}
            </span>
          </button>
        ))}
      </div>
      {arrows ? (
        <button
          type="button"
          data-testid="lottery-menu-next"
          aria-label={t('lottery.nextGroups')}
          onClick={() => scroll(1)}
          className="grid size-9 shrink-0 place-items-center rounded-full bg-raised ring-1 ring-line hover:text-brand"
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
};

/** One lottery: its open issue, the time left to bet, the draw time and days, save and bet. */
export const LotteryCard = ({
  item,
  elapsed,
  vendorName,
  saved,
  onSave,
  onPlay,
  weekdays,
}: {
  item: LotteryMenuItem;
  elapsed: number;
  vendorName: string;
  saved: boolean | null;
  onSave: () => void;
  onPlay: () => void;
  weekdays: ReadonlyMap<number, string>;
}) => {
  const { t } = useTranslation('lobby');
  const image = useImageUrl();
  const left = secondsToClose(item, elapsed);
  const days = item.drawDayOfWeek.split(',').map(Number);
  return (
    <li
      data-testid="lottery-item"
      data-node-id={item.nodeId}
      data-tag={item.gameMenuTag}
      className="flex min-w-0 gap-3 rounded-3xl bg-surface p-3 shadow-card ring-1 ring-line sm:p-4"
    >
      <div className="relative size-16 shrink-0 overflow-hidden rounded-2xl bg-surface-2 ring-1 ring-line/70 sm:size-20">
        <LazyImage src={image(item.icon)} alt="" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <h3 data-testid="lottery-name" className="truncate text-sm font-bold sm:text-base">
              {item.gameName}
            </h3>
            <p className="truncate text-xs text-muted">
              {vendorName}
              {item.remark ? ` · ${item.remark}` : ''}
            </p>
          </div>
          {saved !== null ? (
            <button
              type="button"
              data-testid="lottery-fav"
              aria-pressed={saved}
              onClick={onSave}
              aria-label={t(saved ? 'favourite.remove' : 'favourite.add', { name: item.gameName })}
              className={cx(
                'grid size-8 shrink-0 place-items-center rounded-full transition active:scale-90',
                saved ? 'bg-amber-400/15 text-amber-500' : 'text-muted hover:bg-surface-2 hover:text-fg',
              )}
            >
              <Star aria-hidden="true" className={cx('size-4', saved && 'fill-current')} />
            </button>
          ) : null}
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <span data-testid="lottery-numero" data-numero={item.numero} className="font-semibold tabular-nums">
            {t('lottery.issue', { numero: shortNumero(item.numero) })}
          </span>
          <span
            data-testid="lottery-countdown"
            data-closed={left <= 0}
            className={cx(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold tabular-nums',
              left <= 0
                ? 'bg-rose-500/12 text-rose-600 dark:text-rose-300'
                : 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
            )}
          >
            <Clock3 aria-hidden="true" className="size-3.5" />
            {left <= 0 ? t('lottery.drawing') : t('lottery.closesIn', { time: formatCountdown(left) })}
          </span>
        </div>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <span data-testid="lottery-draw-time" className="inline-flex items-center gap-1 tabular-nums">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            {t('lottery.drawAt', { time: formatDrawTime(item.winningTime) })}
          </span>
          <span data-testid="lottery-days">
            {days.length === 7 ? t('lottery.everyDay') : days.map((d) => weekdays.get(d)).join(' ')}
          </span>
        </div>
      </div>
      <button
        type="button"
        data-testid="lottery-play"
        onClick={onPlay}
        aria-label={t('lottery.playName', { name: item.gameName })}
        className="self-center rounded-full bg-brand px-3.5 py-2 text-sm font-bold text-brand-fg shadow transition hover:brightness-110 active:scale-95 sm:px-4"
      >
        <Play aria-hidden="true" className="size-4 fill-current sm:hidden" />
        <span className="hidden sm:inline">{t('lottery.play')}</span>
      </button>
    </li>
  );
};

/** The name field: applied after a short pause; a URL change (back) refills it. */
export const LotterySearch = ({ value, onSearch }: { value: string; onSearch: (name: string) => void }) => {
  const { t } = useTranslation('lobby');
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = window.setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);
  return (
    <label className="relative block min-w-0 flex-1">
      <span className="sr-only">{t('lottery.search')}</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted"
      />
      <input
        type="search"
        data-testid="lottery-search"
        value={text}
        maxLength={60}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('lottery.searchPlaceholder')}
        className={cx(fieldClass, 'pl-10 [&::-webkit-search-cancel-button]:hidden')}
      />
    </label>
  );
};
