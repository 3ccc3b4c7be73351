import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { minorToDecimal, parseAmount } from '../../shared/format/money';
import { newRequestKey } from '../../shared/request-key';
import { BALANCE_QUERY_KEY } from '../../shared/state/balance';
import { buttonClass } from '../../shared/ui/button';
import type { BookBet } from './queries';

/** What a stake part pays at an offer: ⌊offer × part ÷ stake⌋, as the server works it (ADR 055). */
export const partValueOf = (offerMinor: bigint, partMinor: bigint, stakeMinor: bigint) =>
  stakeMinor > 0n ? (offerMinor * partMinor) / stakeMinor : 0n;

/** The default part: half the stake, in whole major units, within the allowed range. */
const defaultPartOf = (stake: bigint, min: bigint, max: bigint) => {
  const half = (stake / 2n / 100n) * 100n;
  return half < min ? min : half > max ? max : half;
};

/**
 * Partial cash-out of an open bet (ADR 055): the member picks the stake to take out with a slider
 * or by typing it (between the server's minimum and the stake less the minimum), sees what it pays
 * at the live offer, and confirms; the bet runs on with the rest.
 */
export const PartialCashOut = ({
  bet,
  money,
  onDone,
}: {
  bet: BookBet;
  money: (minor: bigint) => string;
  onDone: (text: string) => void;
}) => {
  const { t } = useTranslation('sportsbook');
  const errorText = useErrorText();
  const client = useQueryClient();
  const range = bet.cashOutPart;
  const offer = bet.cashOutMinor;
  const stake = BigInt(bet.stakeMinor);
  const min = BigInt(range?.minMinor ?? '0');
  const max = BigInt(range?.maxMinor ?? '0');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => minorToDecimal(defaultPartOf(stake, min, max)));
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const parsed = parseAmount(text);
  const part = parsed.ok ? parsed.minor : null;
  const inRange = part !== null && part >= min && part <= max;
  const take = useMutation({
    mutationFn: (input: { part: bigint; offer: string }) => {
      key.current ??= newRequestKey();
      return callApi('sportsbookPartialCashOut', {
        body: {
          betId: bet.id,
          requestKey: key.current,
          stakePartMinor: input.part.toString(),
          offerMinor: input.offer,
        },
      });
    },
    onSuccess: (done) => {
      key.current = null;
      setOpen(false);
      setError(null);
      onDone(t('partialCashOut.done', { amount: money(BigInt(done.valueMinor)) }));
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['sportsbook', 'bets'] });
    },
    onError: (e) => {
      // A refusal wrote nothing: the next try is a new cash-out. A lost answer keeps the key, so
      // trying again is answered by the first cash-out if it went through.
      if (e instanceof ApiError) key.current = null;
      setError(errorText(e));
      void client.invalidateQueries({ queryKey: ['sportsbook', 'bets'] });
    },
  });
  if (range === null || offer === null) return null;
  if (!open)
    return (
      <button
        type="button"
        data-testid="partial-cash-out-open"
        className={buttonClass('ghost', 'sm', 'w-full')}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {t('partialCashOut.open')}
      </button>
    );
  return (
    <div className="space-y-2 rounded-xl bg-surface-2 p-2 text-xs" data-testid="partial-cash-out">
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t('partialCashOut.part')}</span>
        <input
          type="range"
          data-testid="partial-cash-out-range"
          aria-label={t('partialCashOut.part')}
          min={Number(min)}
          max={Number(max)}
          step={100}
          value={Number(part !== null && inRange ? part : min)}
          onChange={(e) => setText(minorToDecimal(BigInt(e.target.value)))}
        />
      </label>
      <div className="flex items-center gap-2">
        <input
          data-testid="partial-cash-out-amount"
          inputMode="decimal"
          aria-label={t('partialCashOut.amount')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="h-9 w-28 rounded-lg bg-surface px-2 tabular-nums ring-1 ring-line"
        />
        <span className="text-muted">{t('partialCashOut.range', { min: money(min), max: money(max) })}</span>
      </div>
      {inRange && part !== null ? (
        <p data-testid="partial-cash-out-value" className="font-semibold">
          {t('partialCashOut.value', {
            amount: money(partValueOf(BigInt(offer), part, stake)),
            left: money(stake - part),
          })}
        </p>
      ) : (
        <p className="text-rose-600">{t('partialCashOut.outOfRange')}</p>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          data-testid="partial-cash-out-confirm"
          disabled={!inRange || take.isPending}
          className={buttonClass('primary', 'sm')}
          onClick={() => part !== null && take.mutate({ part, offer })}
        >
          {t('partialCashOut.confirm')}
        </button>
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setOpen(false)}>
          {t('cashOut.no')}
        </button>
      </div>
      {error ? (
        <p role="status" data-testid="partial-cash-out-message" className="font-semibold text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
};
