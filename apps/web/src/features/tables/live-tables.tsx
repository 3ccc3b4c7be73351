import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { type ReactElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client';
import { formatMoney } from '../../shared/format/money';
import { cx } from '../../shared/ui/cx';
import { type CardFace, Die, PlayingCard } from './art';
import { positioned } from './positions';

const ICON: Record<string, () => ReactElement> = {
  baccarat: () => (
    <div className="flex -space-x-3">
      <PlayingCard card={{ card: 8, rank: 9, suit: 0 } as CardFace} small />
      <PlayingCard card={{ card: 25, rank: 13, suit: 1 } as CardFace} small />
    </div>
  ),
  'dragon-tiger': () => (
    <div className="flex -space-x-3">
      <PlayingCard card={{ card: 10, rank: 11, suit: 0 } as CardFace} small />
      <PlayingCard card={{ card: 32, rank: 7, suit: 2 } as CardFace} small />
    </div>
  ),
  'andar-bahar': () => <PlayingCard card={{ card: 45, rank: 7, suit: 3 } as CardFace} small />,
  'sic-bo': () => (
    <div className="flex -space-x-2 scale-75">
      <Die face={4} />
      <Die face={6} />
    </div>
  ),
  roulette: () => (
    <svg viewBox="0 0 40 40" className="h-12 w-12" aria-hidden="true">
      <circle cx="20" cy="20" r="18" fill="#3f2a14" stroke="#fbbf24" strokeWidth="2" />
      <circle cx="20" cy="20" r="13" fill="none" stroke="#b91c1c" strokeWidth="5" strokeDasharray="3 3" />
      <circle cx="27" cy="14" r="2.5" fill="#fff" />
    </svg>
  ),
};

/** The live tables on the live casino lobby (`/live`): each with its round's countdown, players and last results. */
export const LiveTables = () => {
  const { t, i18n } = useTranslation('tables');
  const lobby = useQuery({
    queryKey: ['tables', 'lobby'],
    queryFn: ({ signal }) => callApi('liveTables', { signal }),
    refetchInterval: 4_000,
  });
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(id);
  }, []);
  const data = lobby.data;
  if (!data || data.tables.length === 0) return null;
  const serverNow = data.serverTime + (now - lobby.dataUpdatedAt);
  return (
    <section aria-labelledby="live-tables" className="space-y-3">
      <h2 id="live-tables" className="text-lg font-bold sm:text-xl">
        {t('lobby.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="live-tables">
        {data.tables.map((table) => {
          const betting =
            table.closesAt !== null &&
            table.opensAt !== null &&
            serverNow >= table.opensAt &&
            serverNow < table.closesAt;
          const seconds = table.closesAt ? Math.max(0, Math.ceil((table.closesAt - serverNow) / 1000)) : 0;
          const Icon = ICON[table.game];
          return (
            <li key={table.id}>
              <Link
                to={`/liveTable?tableId=${encodeURIComponent(table.id)}`}
                data-testid={`live-table-${table.id}`}
                className="flex items-center gap-3 rounded-2xl bg-[radial-gradient(ellipse_at_top,#166534,#052e16)] p-3 text-white ring-2 ring-amber-700/60 transition hover:ring-amber-400"
              >
                <div className="grid h-14 w-16 shrink-0 place-items-center">{Icon ? <Icon /> : null}</div>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-black">{table.name}</p>
                  <p className="text-xs text-amber-100">
                    {t(`game.${table.game}`)} · {formatMoney(table.minBetMinor, i18n.language, '')}–
                    {formatMoney(table.maxBetMinor, i18n.language, '')}
                  </p>
                  <ol className="mt-1 flex gap-0.5 overflow-hidden">
                    {positioned(table.history.slice(-10)).map(({ item: code, at }) => (
                      <li
                        key={at}
                        className="grid h-4 min-w-4 place-items-center rounded-full bg-black/40 px-0.5 text-[9px] font-bold"
                      >
                        {t(`code.${table.game}.${code}`, { defaultValue: code })}
                      </li>
                    ))}
                  </ol>
                </div>
                <div className="flex flex-col items-end gap-1 text-xs">
                  <span
                    className={cx(
                      'rounded-full px-2 py-0.5 font-black',
                      betting ? 'bg-amber-300 text-slate-900' : 'bg-black/40',
                    )}
                  >
                    {betting ? t('lobby.betting', { seconds }) : t('lobby.dealing')}
                  </span>
                  <span className="inline-flex items-center gap-1 text-amber-100">
                    <Users className="h-3.5 w-3.5" aria-hidden="true" />
                    {table.players}
                  </span>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
};
