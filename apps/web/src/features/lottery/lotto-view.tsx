import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Clock3, Repeat2, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { formatMoney } from '../../shared/format/money';
import { BALANCE_QUERY_KEY, useBalance } from '../../shared/state/balance';
import { useMember } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { MyBets } from './my-bets';
import { isComplete, Picker, type Selection } from './pickers';
import { type LotteryGame, useLotteryGames, useLotteryResults } from './queries';
import { ResultsHistory } from './results';
import { bestWinOf, formatClock, type SlipLine, secondsUntil, slipCost } from './slip';

/** Stake chips, in whole currency units. */
const CHIPS = [1, 5, 10, 50, 100, 500];

/** The server's clock in the browser: the answer's server time plus what passed since. */
const useServerNow = (serverTime: number | undefined, receivedAt: number) => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, []);
  return serverTime === undefined ? now : serverTime + (now - receivedAt);
};

/**
 * The betting view (`lottoView`) of an in-house lottery, on `/lottery?gameCode=`: the open issue
 * with its countdown to the lock (server clock), the bet types with their pickers, chips, a slip
 * of several bets with the cost and best-win preview, place (idempotent: one request key per
 * slip until it is answered), repeat last, the results history and the member's bets. A code
 * that is no in-house lottery shows `fallback`.
 */
export const LottoView = ({ gameCode, fallback }: { gameCode: string; fallback?: ReactNode }) => {
  const { t, i18n } = useTranslation('lottery');
  const errorText = useErrorText();
  const { loggedIn, token } = useMember();
  const symbol = useBalance(token).data?.currencySymbol;
  const client = useQueryClient();
  const games = useLotteryGames();
  const game = games.data?.games.find((g) => g.code === gameCode.toUpperCase());
  const results = useLotteryResults(game?.code ?? '');
  const serverNow = useServerNow(games.data?.serverTime, games.dataUpdatedAt);

  const [betType, setBetType] = useState('');
  const [selection, setSelection] = useState<Selection>({});
  const [stake, setStake] = useState(10);
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [last, setLast] = useState<SlipLine[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const requestKey = useRef<string | null>(null);

  const type = game?.betTypes.includes(betType as never) ? betType : (game?.betTypes[0] ?? '');
  const issue = game?.current ?? null;
  const lockLeft = issue ? secondsUntil(issue.locksAt, serverNow) : 0;
  const drawLeft = issue ? secondsUntil(issue.drawsAt, serverNow) : 0;

  // A new draw: results, balance and bets change; ask at once.
  const latest = results.data?.[0]?.issueNo;
  useEffect(() => {
    if (!latest) return;
    void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    void client.invalidateQueries({ queryKey: ['lottery', 'bets'] });
  }, [latest, client]);
  useEffect(() => {
    if (issue && drawLeft === 0) void client.invalidateQueries({ queryKey: ['lottery'] });
  }, [issue, drawLeft, client]);

  const place = useMutation({
    mutationFn: (slip: { issueNo: string; lines: SlipLine[] }) => {
      requestKey.current ??= crypto.randomUUID();
      return callApi('lotteryPlaceBets', {
        body: {
          gameCode: game?.code ?? '',
          issueNo: slip.issueNo,
          requestKey: requestKey.current,
          bets: slip.lines.map((l) => ({
            betType: l.betType,
            selection: l.selection,
            stakeMinor: l.stakeMinor.toString(),
          })),
        },
      });
    },
    onSuccess: (value) => {
      requestKey.current = null;
      setLast(lines);
      setLines([]);
      setMessage({ ok: true, text: t('slip.placed', { count: value.bets.length }) });
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['lottery', 'bets'] });
    },
    onError: (error) => {
      // A refusal is final for this slip: the next try is a new request.
      requestKey.current = null;
      setMessage({ ok: false, text: errorText(error) });
    },
  });

  const money = useMemo(
    () => (minor: bigint) => formatMoney(minor, i18n.language, symbol),
    [i18n.language, symbol],
  );

  if (games.isPending) return <p className="text-sm text-muted">{t('loading')}</p>;
  if (!game) return <>{fallback ?? null}</>;

  const addLine = () => {
    if (!isComplete(game.kind, type, selection)) return;
    setLines((current) => [
      ...current,
      { id: crypto.randomUUID(), betType: type, selection, stakeMinor: BigInt(stake) * 100n },
    ]);
    setSelection({});
    setMessage(null);
  };
  const cost = slipCost(lines);
  const best = lines.reduce((sum, l) => sum + bestWinOf(l, game.payouts[l.betType]), 0n);
  const open = Boolean(issue) && lockLeft > 0;

  return (
    <section data-testid="lotto-view" data-game={game.code} className="space-y-4">
      <IssueHeader game={game} lockLeft={lockLeft} drawLeft={drawLeft} />

      <div className="grid gap-4 lg:grid-cols-[1fr_320px]">
        <div className="space-y-4 rounded-3xl bg-surface p-4 ring-1 ring-line">
          <div role="tablist" className="flex flex-wrap gap-1.5">
            {game.betTypes.map((bt) => (
              <button
                key={bt}
                type="button"
                role="tab"
                aria-selected={bt === type}
                data-testid={`bet-type-${bt}`}
                onClick={() => {
                  setBetType(bt);
                  setSelection({});
                }}
                className={cx(
                  'rounded-full px-3.5 py-1.5 text-sm font-semibold transition',
                  bt === type ? 'bg-fg text-bg' : 'bg-surface-2 text-fg/80 ring-1 ring-line',
                )}
              >
                {t(`betType.${bt}`)}
              </button>
            ))}
          </div>
          <Picker kind={game.kind} betType={type} selection={selection} onChange={setSelection} />
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="mr-1 text-xs font-semibold text-muted">{t('slip.stake')}</span>
            {CHIPS.map((c) => (
              <button
                key={c}
                type="button"
                data-testid={`chip-${c}`}
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
            data-testid="slip-add"
            disabled={!isComplete(game.kind, type, selection)}
            onClick={addLine}
            className={buttonClass('secondary', 'md')}
          >
            {t('slip.add')}
          </button>
        </div>

        <aside className="space-y-3 rounded-3xl bg-surface p-4 ring-1 ring-line" data-testid="bet-slip">
          <h2 className="font-bold">{t('slip.title')}</h2>
          {lines.length === 0 ? <p className="text-sm text-muted">{t('slip.empty')}</p> : null}
          <ul className="space-y-1.5">
            {lines.map((l) => (
              <li key={l.id} data-testid="slip-line" className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate">
                  {t(`betType.${l.betType}`)} · {describe(l, t)}
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
            <dd data-testid="slip-cost" className="text-right font-bold tabular-nums">
              {money(cost)}
            </dd>
            <dt className="text-muted">{t('slip.bestWin')}</dt>
            <dd className="text-right tabular-nums">{money(best)}</dd>
          </dl>
          <div className="flex gap-2">
            <button
              type="button"
              data-testid="slip-repeat"
              disabled={last.length === 0}
              onClick={() => setLines(last.map((l) => ({ ...l, id: crypto.randomUUID() })))}
              className={buttonClass('outline', 'md')}
            >
              <Repeat2 aria-hidden="true" className="size-4" />
              {t('slip.repeat')}
            </button>
            <button
              type="button"
              data-testid="slip-place"
              disabled={!loggedIn || !open || lines.length === 0 || place.isPending}
              onClick={() => issue && place.mutate({ issueNo: issue.issueNo, lines })}
              className={buttonClass('primary', 'md', 'flex-1')}
            >
              {loggedIn ? t('slip.place') : t('slip.login')}
            </button>
          </div>
          {message ? (
            <p
              role="status"
              data-testid="slip-message"
              className={cx('text-sm', message.ok ? 'text-emerald-600' : 'text-rose-600')}
            >
              {message.text}
            </p>
          ) : null}
        </aside>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-2">
          <h2 className="font-bold">{t('results.title')}</h2>
          <ResultsHistory gameCode={game.code} results={results.data ?? []} />
        </div>
        {loggedIn ? <MyBets gameCode={game.code} money={money} /> : null}
      </div>
    </section>
  );
};

const describe = (line: SlipLine, t: (key: string, options?: Record<string, unknown>) => string) => {
  const s = line.selection;
  if (s.side)
    return s.position === undefined
      ? t(`side.${s.side}`)
      : `${positionName(s.position, t)} ${t(`side.${s.side}`)}`;
  if (line.betType === 'position') return `${positionName(s.position ?? 1, t)} = ${s.numbers?.[0]}`;
  return (s.numbers ?? []).join(' ');
};

const positionName = (position: number, t: (key: string, options?: Record<string, unknown>) => string) =>
  position === 0 ? t('digit.sum') : t('digit.position', { position });

const IssueHeader = ({
  game,
  lockLeft,
  drawLeft,
}: {
  game: LotteryGame;
  lockLeft: number;
  drawLeft: number;
}) => {
  const { t, i18n } = useTranslation('lottery');
  const issue = game.current;
  return (
    <header className="flex flex-wrap items-center gap-3 rounded-3xl bg-gradient-to-br from-emerald-600 to-teal-700 p-4 text-white">
      <div className="min-w-0 flex-1">
        <h2 className="text-xl font-black">{t(`game.${game.code}`, { defaultValue: game.code })}</h2>
        <p
          className="text-sm text-white/80 tabular-nums"
          data-testid="lotto-issue"
          data-issue={issue?.issueNo ?? ''}
        >
          {issue ? t('issue.number', { issueNo: issue.issueNo }) : t('issue.none')}
        </p>
        {issue ? (
          <p className="mt-1 break-all font-mono text-[0.65rem] text-white/70" title={t('issue.commitment')}>
            {t('issue.commitment')}: {issue.commitment}
          </p>
        ) : null}
      </div>
      <div
        data-testid="lotto-countdown"
        data-locked={lockLeft <= 0}
        className="flex items-center gap-2 rounded-2xl bg-black/20 px-3 py-2 text-lg font-black tabular-nums"
      >
        <Clock3 aria-hidden="true" className="size-5" />
        {lockLeft > 0
          ? formatClock(lockLeft, i18n.language)
          : t('issue.drawingIn', { time: formatClock(drawLeft, i18n.language) })}
      </div>
    </header>
  );
};
