import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShieldCheck, Timer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { formatMoney } from '../../shared/format/money';
import { BALANCE_QUERY_KEY } from '../../shared/state/balance';
import { useMember } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { TeenPattiCard } from '../../shared/ui/playing-card';
import { type PvpState, usePvpRoom, useServerNow } from './pvp-room';
import { verifyDealHref } from './verify-deal';

const ANIMATIONS = `
@keyframes pvp-deal { from { transform: translateY(-14px) rotate(-8deg); opacity: 0 } to { transform: none; opacity: 1 } }
.pvp-deal { animation: pvp-deal .35s ease-out both }
@media (prefers-reduced-motion: reduce) { .pvp-deal { animation: none } }
`;

type Seat = PvpState['seats'][number];

const SeatBox = ({
  seat,
  turn,
  winner,
  money,
}: {
  seat: Seat;
  turn: boolean;
  winner: boolean;
  money: (m: string) => string;
}) => {
  const { t } = useTranslation('pvp');
  return (
    <li
      className={cx(
        'flex flex-col items-center gap-1 rounded-2xl bg-black/30 p-2 text-center ring-2',
        turn ? 'ring-amber-300' : winner ? 'ring-emerald-400' : 'ring-transparent',
        seat.packed && 'opacity-50',
      )}
      data-testid={`pvp-seat-${seat.seatNo}`}
      data-me={seat.me ? '1' : '0'}
    >
      <span className="max-w-full truncate text-xs font-bold">
        {seat.name}
        {seat.me ? ` (${t('you')})` : ''}
      </span>
      {seat.inHand && !seat.me ? (
        <div className="flex -space-x-3">
          {(seat.cards ?? [null, null, null]).map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: three fixed card places
            <TeenPattiCard key={i} card={c} small />
          ))}
        </div>
      ) : null}
      <span className="text-[11px] text-amber-100">{money(seat.chipsMinor)}</span>
      <span className="text-[10px] uppercase tracking-wide text-amber-200/80">
        {!seat.connected
          ? t('away')
          : seat.packed
            ? t('packed')
            : seat.inHand
              ? `${seat.seen ? t('seen') : t('blind')} · ${money(seat.inMinor)}`
              : t('waiting')}
      </span>
    </li>
  );
};

type Hand = NonNullable<PvpState['hand']>;

/** The hand's seed, its commitment, the client seed and the hand number; the verify link once it ended. */
const Fairness = ({ hand, seats }: { hand: Hand; seats: PvpState['seats'] }) => {
  const { t } = useTranslation('pvp');
  return (
    <details className="rounded-2xl bg-surface-2 p-3 text-xs" data-testid="pvp-fairness">
      <summary className="flex cursor-pointer items-center gap-1 font-bold">
        <ShieldCheck className="h-4 w-4" aria-hidden="true" /> {t('fair.title')}
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 break-all">
        <dt className="text-muted">{t('fair.commitment')}</dt>
        <dd data-testid="pvp-commitment">{hand.commitment}</dd>
        <dt className="text-muted">{t('fair.clientSeed')}</dt>
        <dd>{hand.clientSeed}</dd>
        <dt className="text-muted">{t('fair.nonce')}</dt>
        <dd>{hand.handNo}</dd>
        <dt className="text-muted">{t('fair.serverSeed')}</dt>
        <dd data-testid="pvp-server-seed">{hand.serverSeed ?? t('fair.hidden')}</dd>
      </dl>
      {hand.serverSeed ? (
        <Link
          className="mt-2 inline-block font-bold text-brand underline"
          to={verifyDealHref(hand, seats)}
          data-testid="pvp-verify"
        >
          {t('fair.verify')}
        </Link>
      ) : null}
    </details>
  );
};

/**
 * A Teen Patti table (`/pvpTable?tableId=`): the seats with their chips and cards (backs until
 * shown), the pot, the turn's countdown, the player's own cards once seen, and the moves the
 * server allows now (see, blind or chaal at the least or the most, pack, show, side-show and its
 * answer). Leaving packs a hand in play and returns the table balance to the main wallet.
 */
export const PvpTableView = () => {
  const { t, i18n } = useTranslation('pvp');
  const [params] = useSearchParams();
  const tableId = params.get('tableId') ?? '';
  const { token, loggedIn } = useMember();
  const { state, setState, offset, connected } = usePvpRoom(tableId, token);
  const serverNow = useServerNow(offset);
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [message, setMessage] = useState<string | null>(null);
  const money = (minor: string) => formatMoney(minor, i18n.language, '');

  const hand = state?.hand ?? null;
  const act = useMutation({
    mutationFn: (input: { action: PvpState['hand'] extends null ? never : string; amountMinor?: string }) =>
      callApi('pvpAction', {
        body: {
          tableId,
          handNo: hand?.handNo ?? 0,
          action: input.action as 'see',
          ...(input.amountMinor ? { amountMinor: input.amountMinor } : {}),
        },
      }),
    onSuccess: (value) => {
      setMessage(null);
      setState(value);
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    },
    onError: (e) => setMessage(errorText(e)),
  });
  const leave = useMutation({
    mutationFn: () => callApi('pvpLeave', { body: { tableId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      navigate('/pvp');
    },
    onError: (e) => setMessage(errorText(e)),
  });

  if (!loggedIn)
    return (
      <p className="mx-auto max-w-[1200px] px-4 py-10 text-center">
        <Link to="/login" className="font-bold underline">
          {t('loginToPlay')}
        </Link>
      </p>
    );
  if (!state)
    return (
      <p className="mx-auto max-w-[1200px] px-4 py-10 text-center text-muted" data-testid="pvp-loading">
        {connected ? t('connecting') : t('connecting')}
      </p>
    );

  const me = state.seats.find((s) => s.me);
  const moves = hand?.moves ?? [];
  const seconds = hand?.turnDeadline ? Math.max(0, Math.ceil((hand.turnDeadline - serverNow) / 1000)) : null;
  const myTurn = hand?.turnSeatNo !== null && hand?.turnSeatNo === state.mySeatNo;
  const ended = hand?.ended ?? null;
  const turnMs = state.tier.turnMs;
  const betWord = me?.seen ? t('move.chaal') : t('move.blind');

  return (
    <div
      className="mx-auto w-full max-w-[1200px] space-y-4 px-3 pt-4 pb-8 sm:px-4 lg:px-6"
      data-testid="pvp-table"
      data-hand={hand?.handNo ?? ''}
    >
      <style>{ANIMATIONS}</style>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Link to="/pvp" className="rounded-full p-1.5 ring-1 ring-line" aria-label={t('back')}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          </Link>
          <div>
            <h1 className="text-xl font-black tracking-tight sm:text-2xl">
              {t('tier', { boot: money(state.tier.bootMinor) })}
            </h1>
            <p className="text-xs text-muted">
              {t('limits', { pot: money(state.tier.potLimitMinor), rake: state.tier.rakeBp / 100 })}
            </p>
          </div>
        </div>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => leave.mutate()}
          disabled={leave.isPending}
          data-testid="pvp-leave"
        >
          {t('leave')}
        </button>
      </header>

      <section
        className="relative space-y-3 overflow-hidden rounded-[2rem] bg-[radial-gradient(ellipse_at_center,#166534,#052e16)] p-3 text-white shadow-lg ring-4 ring-amber-700/70 sm:p-6"
        aria-label={t('felt')}
      >
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" data-testid="pvp-seats">
          {state.seats.map((seat) => (
            <SeatBox
              key={seat.seatNo}
              seat={seat}
              turn={hand?.turnSeatNo === seat.seatNo}
              winner={ended?.winnerSeatNos.includes(seat.seatNo) ?? false}
              money={money}
            />
          ))}
        </ul>
        <div className="flex flex-col items-center gap-1">
          <span className="text-xs text-amber-100">
            {hand ? t('hand', { no: hand.handNo }) : t('waitingPlayers')}
          </span>
          <span className="rounded-full bg-black/40 px-4 py-1 text-lg font-black" data-testid="pvp-pot">
            {t('pot', { amount: money(hand?.potMinor ?? '0') })}
          </span>
          {hand && !ended && seconds !== null ? (
            <div className="flex w-full max-w-xs items-center gap-2 text-xs" data-testid="pvp-timer">
              <Timer className="h-4 w-4" aria-hidden="true" />
              <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-black/40">
                <div
                  className={cx('h-full rounded-full', myTurn ? 'bg-amber-300' : 'bg-emerald-400')}
                  style={{ width: `${Math.min(100, (seconds * 1000 * 100) / turnMs)}%` }}
                />
              </div>
              <span>{myTurn ? t('yourTurn', { seconds }) : t('theirTurn', { seconds })}</span>
            </div>
          ) : null}
          {ended ? (
            <p
              className="rounded-xl bg-amber-300 px-3 py-1 text-center text-sm font-black text-slate-900"
              role="status"
              data-testid="pvp-result"
            >
              {ended.winnerSeatNos.includes(state.mySeatNo ?? -1)
                ? t('result.won', { amount: money(ended.payouts[String(state.mySeatNo)] ?? '0') })
                : t('result.lost', { seat: ended.winnerSeatNos.join(', ') })}{' '}
              · {t(`reason.${ended.reason}`)} · {t('result.rake', { amount: money(ended.rakeMinor) })}
            </p>
          ) : null}
        </div>
        {me?.inHand ? (
          <div className="flex flex-col items-center gap-1" data-testid="pvp-my-cards">
            <div className="flex gap-1">
              {(me.cards ?? [null, null, null]).map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: three fixed card places
                <TeenPattiCard key={i} card={c} />
              ))}
            </div>
            <span className="text-xs text-amber-100">{t('inPot', { amount: money(me.inMinor) })}</span>
          </div>
        ) : null}
      </section>

      <div className="flex flex-wrap items-center justify-center gap-2" data-testid="pvp-moves">
        {moves.includes('see') ? (
          <button
            type="button"
            className={buttonClass('secondary', 'md')}
            onClick={() => act.mutate({ action: 'see' })}
            data-testid="pvp-move-see"
          >
            {t('move.see')}
          </button>
        ) : null}
        {moves.includes('bet') && hand?.minBetMinor ? (
          <button
            type="button"
            className={buttonClass('primary', 'md')}
            onClick={() => act.mutate({ action: 'bet', amountMinor: hand.minBetMinor ?? '' })}
            data-testid="pvp-move-bet"
          >
            {betWord} {money(hand.minBetMinor)}
          </button>
        ) : null}
        {moves.includes('bet') && hand?.maxBetMinor && hand.maxBetMinor !== hand.minBetMinor ? (
          <button
            type="button"
            className={buttonClass('primary', 'md')}
            onClick={() => act.mutate({ action: 'bet', amountMinor: hand.maxBetMinor ?? '' })}
            data-testid="pvp-move-raise"
          >
            {betWord} {money(hand.maxBetMinor)}
          </button>
        ) : null}
        {moves.includes('show') ? (
          <button
            type="button"
            className={buttonClass('primary', 'md')}
            onClick={() => act.mutate({ action: 'show' })}
            data-testid="pvp-move-show"
          >
            {t('move.show')}
          </button>
        ) : null}
        {moves.includes('sideshow') ? (
          <button
            type="button"
            className={buttonClass('secondary', 'md')}
            onClick={() => act.mutate({ action: 'sideshow' })}
            data-testid="pvp-move-sideshow"
          >
            {t('move.sideshow')}
          </button>
        ) : null}
        {moves.includes('accept') ? (
          <>
            <span className="text-sm font-bold">
              {t('sideshowAsked', { seat: hand?.sideShow?.fromSeatNo ?? '' })}
            </span>
            <button
              type="button"
              className={buttonClass('primary', 'md')}
              onClick={() => act.mutate({ action: 'accept' })}
              data-testid="pvp-move-accept"
            >
              {t('move.accept')}
            </button>
            <button
              type="button"
              className={buttonClass('secondary', 'md')}
              onClick={() => act.mutate({ action: 'deny' })}
              data-testid="pvp-move-deny"
            >
              {t('move.deny')}
            </button>
          </>
        ) : null}
        {moves.includes('pack') ? (
          <button
            type="button"
            className={buttonClass('outline', 'md')}
            onClick={() => act.mutate({ action: 'pack' })}
            data-testid="pvp-move-pack"
          >
            {t('move.pack')}
          </button>
        ) : null}
      </div>
      {message ? (
        <p
          role="alert"
          className="text-center text-sm font-bold text-red-600 dark:text-red-300"
          data-testid="pvp-error"
        >
          {message}
        </p>
      ) : null}
      {hand && state ? <Fairness hand={hand} seats={state.seats} /> : null}
    </div>
  );
};
