import { VN_BET_TYPES, type VnBetType } from '@khela/fair';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Clock3, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { formatDate, formatNumber, formatTwoDigits, localizeDigits } from '../../shared/format/locale';
import { formatMoney } from '../../shared/format/money';
import { BALANCE_QUERY_KEY, useBalance } from '../../shared/state/balance';
import { useMember } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { MyVnBets } from './my-vn-bets';
import { isComplete, NumberPicker } from './number-picker';
import { useVnBoard, useVnResults, type VnDrawView, type VnRegionName } from './queries';
import { dateOf, ResultsBoard } from './results-board';

const REGIONS: VnRegionName[] = ['north', 'south', 'central'];
/** Stake chips, in whole currency units. */
const CHIPS = [1, 5, 10, 50, 100];

type Line = {
  id: string;
  issueNo: string;
  station: string;
  betType: VnBetType;
  numbers: string[];
  stakeMinor: bigint;
};

/** A countdown `h:mm:ss` in the language's digits (Bangla digits under bn). */
const clockOf = (ms: number, language: string) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${formatNumber(h, language)}:${formatTwoDigits(m, language)}:${formatTwoDigits(s % 60, language)}`;
};

/**
 * `/vnlottery` (issue 17, ADR 046): the Vietnamese lotteries North / South / Central — region,
 * station draws (several South stations at once), bet types, number picker with quick pick,
 * stake chips, a slip placed in one idempotent request, the results board in the official layout
 * and the member's bets with win or loss.
 */
export const VnLotteryPage = () => {
  const { t, i18n } = useTranslation('vnlottery');
  const errorText = useErrorText();
  const { loggedIn, token } = useMember();
  const symbol = useBalance(token).data?.currencySymbol;
  const client = useQueryClient();
  const board = useVnBoard();
  const [region, setRegion] = useState<VnRegionName>('north');
  const results = useVnResults(region);
  const regionBoard = board.data?.regions.find((r) => r.region === region);
  const draws = regionBoard?.draws ?? [];
  const [chosen, setChosen] = useState<string[]>([]);
  const [betType, setBetType] = useState<VnBetType>('lo2');
  const [picks, setPicks] = useState<string[]>([]);
  const [stake, setStake] = useState(10);
  const [lines, setLines] = useState<Line[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const requestKey = useRef<string | null>(null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const skew = board.data ? board.data.serverTime - board.dataUpdatedAt : 0;
  const serverNow = now + skew;

  // The first open draw is chosen until the player picks; a locked one drops out.
  const open = draws.filter((d) => d.locksAt > serverNow);
  const selected = open.filter((d) => chosen.includes(d.issueNo));
  const targets: VnDrawView[] = selected.length > 0 ? selected : open.slice(0, 1);
  const first = targets[0];

  const money = useMemo(
    () => (minor: bigint) => formatMoney(minor, i18n.language, symbol),
    [i18n.language, symbol],
  );

  const place = useMutation({
    mutationFn: (slip: Line[]) => {
      requestKey.current ??= crypto.randomUUID();
      return callApi('vnLotteryPlaceBets', {
        body: {
          requestKey: requestKey.current,
          bets: slip.map((l) => ({
            issueNo: l.issueNo,
            betType: l.betType,
            numbers: l.numbers,
            stakeMinor: l.stakeMinor.toString(),
          })),
        },
      });
    },
    onSuccess: (value) => {
      requestKey.current = null;
      setLines([]);
      setMessage({ ok: true, text: t('slip.placed', { count: value.betIds.length }) });
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['vnlottery', 'bets'] });
    },
    onError: (error) => {
      requestKey.current = null;
      setMessage({ ok: false, text: errorText(error) });
    },
  });

  const addLine = () => {
    if (!isComplete(betType, picks) || targets.length === 0) return;
    setLines((current) => [
      ...current,
      ...targets.map((d) => ({
        id: crypto.randomUUID(),
        issueNo: d.issueNo,
        station: d.stationName,
        betType,
        numbers: [...picks].sort(),
        stakeMinor: BigInt(stake) * 100n,
      })),
    ]);
    setPicks([]);
    setMessage(null);
  };
  const cost = lines.reduce((sum, l) => sum + l.stakeMinor, 0n);
  const payout = regionBoard?.payouts[betType];

  return (
    <section
      data-testid="page-vnlottery"
      className="mx-auto w-full max-w-[1200px] space-y-4 px-3 py-4 sm:px-4 lg:px-6"
    >
      <header className="flex flex-wrap items-center gap-3 rounded-3xl bg-gradient-to-br from-rose-600 to-amber-600 p-4 text-white">
        {/* At least 14rem for the title and subtitle: on a phone the countdown wraps below them. */}
        <div className="min-w-[14rem] flex-1">
          <h1 className="text-xl font-black">{t('title')}</h1>
          <p className="text-sm text-white/85">{t('subtitle')}</p>
        </div>
        {first ? (
          <div
            data-testid="vn-countdown"
            className="flex items-center gap-2 rounded-2xl bg-black/20 px-3 py-2 text-lg font-black tabular-nums"
          >
            <Clock3 aria-hidden="true" className="size-5" />
            {clockOf(first.locksAt - serverNow, i18n.language)}
          </div>
        ) : null}
      </header>

      <div role="tablist" className="grid grid-cols-3 gap-1.5">
        {REGIONS.map((r) => (
          <button
            key={r}
            type="button"
            role="tab"
            aria-selected={r === region}
            data-testid={`vn-region-${r}`}
            onClick={() => {
              setRegion(r);
              setChosen([]);
            }}
            className={cx(
              'rounded-2xl px-3 py-2 text-sm font-bold',
              r === region ? 'bg-fg text-bg' : 'bg-surface text-fg/80 ring-1 ring-line',
            )}
          >
            {t(`region.${r}`)}
          </button>
        ))}
      </div>

      <div className="grid gap-4 lg:grid-cols-[1fr_340px]">
        <div className="space-y-4 rounded-3xl bg-surface p-4 ring-1 ring-line">
          <div className="space-y-1.5">
            <h2 className="text-sm font-bold">{t('draws.title')}</h2>
            {open.length === 0 ? <p className="text-sm text-muted">{t('draws.none')}</p> : null}
            <div className="flex flex-wrap gap-1.5" data-testid="vn-draws">
              {open.slice(0, 8).map((d) => {
                const on = targets.some((x) => x.issueNo === d.issueNo);
                return (
                  <button
                    key={d.issueNo}
                    type="button"
                    data-testid="vn-draw"
                    data-issue={d.issueNo}
                    aria-pressed={on}
                    onClick={() =>
                      setChosen((c) => {
                        const base = c.length > 0 ? c : targets.map((x) => x.issueNo);
                        if (!base.includes(d.issueNo)) return [...base, d.issueNo];
                        const rest = base.filter((x) => x !== d.issueNo);
                        return rest.length > 0 ? rest : base;
                      })
                    }
                    className={cx(
                      'rounded-xl px-3 py-1.5 text-left text-xs ring-1',
                      on ? 'bg-rose-600 text-white ring-rose-600' : 'bg-surface-2 ring-line',
                    )}
                  >
                    <span className="block font-bold">{d.stationName}</span>
                    <span className="tabular-nums opacity-80">
                      {localizeDigits(dateOf(d.issueNo), i18n.language)} ·{' '}
                      {formatDate(d.drawsAt, i18n.language, 'time')}
                    </span>
                  </button>
                );
              })}
            </div>
          </div>

          <div role="tablist" className="flex flex-wrap gap-1.5">
            {VN_BET_TYPES.map((bt) => (
              <button
                key={bt}
                type="button"
                role="tab"
                aria-selected={bt === betType}
                data-testid={`vn-bet-type-${bt}`}
                onClick={() => {
                  setBetType(bt);
                  setPicks([]);
                }}
                className={cx(
                  'rounded-full px-3 py-1.5 text-xs font-semibold',
                  bt === betType ? 'bg-fg text-bg' : 'bg-surface-2 text-fg/80 ring-1 ring-line',
                )}
              >
                {t(`betType.${bt}`)}
              </button>
            ))}
          </div>
          <p className="text-xs text-muted">
            {t(`rule.${betType}`)}
            {payout !== undefined ? ` · ${t('payout', { times: payout / 1000 })}` : ''}
          </p>
          <NumberPicker betType={betType} picks={picks} onChange={setPicks} />
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="mr-1 text-xs font-semibold text-muted">{t('slip.stake')}</span>
            {CHIPS.map((c) => (
              <button
                key={c}
                type="button"
                data-testid={`vn-chip-${c}`}
                aria-pressed={stake === c}
                onClick={() => setStake(c)}
                className={cx(
                  'grid size-10 place-items-center rounded-full border-2 border-dashed text-xs font-black tabular-nums',
                  stake === c
                    ? 'border-amber-200 bg-amber-500 text-white'
                    : 'border-line bg-surface-2 text-fg/80',
                )}
              >
                {c}
              </button>
            ))}
          </div>
          <button
            type="button"
            data-testid="vn-slip-add"
            disabled={!isComplete(betType, picks) || targets.length === 0}
            onClick={addLine}
            className={buttonClass('secondary', 'md')}
          >
            {t('slip.add', { count: targets.length })}
          </button>
        </div>

        <aside className="space-y-3 rounded-3xl bg-surface p-4 ring-1 ring-line" data-testid="vn-slip">
          <h2 className="font-bold">{t('slip.title')}</h2>
          {lines.length === 0 ? <p className="text-sm text-muted">{t('slip.empty')}</p> : null}
          <ul className="space-y-1.5">
            {lines.map((l) => (
              <li key={l.id} data-testid="vn-slip-line" className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate">
                  {l.station} · {t(`betType.${l.betType}`)} · {l.numbers.join(' ')}
                </span>
                <span className="tabular-nums">{money(l.stakeMinor)}</span>
                <button
                  type="button"
                  aria-label={t('slip.remove')}
                  onClick={() => setLines((c) => c.filter((x) => x.id !== l.id))}
                  className="text-muted hover:text-rose-600"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-muted">{t('slip.cost')}</dt>
            <dd data-testid="vn-slip-cost" className="text-right font-bold tabular-nums">
              {money(cost)}
            </dd>
          </dl>
          <button
            type="button"
            data-testid="vn-slip-place"
            disabled={!loggedIn || lines.length === 0 || place.isPending}
            onClick={() => place.mutate(lines)}
            className={buttonClass('primary', 'md', 'w-full')}
          >
            {loggedIn ? t('slip.place') : t('slip.login')}
          </button>
          {message ? (
            <p
              role="status"
              data-testid="vn-slip-message"
              className={cx('text-sm', message.ok ? 'text-emerald-600' : 'text-rose-600')}
            >
              {message.text}
            </p>
          ) : null}
        </aside>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-2 rounded-3xl bg-surface p-4 ring-1 ring-line">
          <h2 className="font-bold">{t('results.title')}</h2>
          <ResultsBoard key={region} results={results.data ?? []} />
        </div>
        {loggedIn ? <MyVnBets money={money} /> : null}
      </div>
    </section>
  );
};
