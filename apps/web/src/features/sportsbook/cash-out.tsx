import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { BALANCE_QUERY_KEY } from '../../shared/state/balance';
import { buttonClass } from '../../shared/ui/button';
import type { BookBet } from './queries';

/**
 * Cash out an open bet (ADR 050): the live offer from the server, a confirm step, then the result.
 * The member accepts the offer seen; if the server's offer fell meanwhile it answers 409 and the
 * list refreshes with the new one.
 */
export const CashOut = ({
  bet,
  money,
  onCashedOut,
}: {
  bet: BookBet;
  money: (minor: bigint) => string;
  /** The success text, shown by the list: the bet leaves the open tab once cashed out. */
  onCashedOut: (text: string) => void;
}) => {
  const { t } = useTranslation('sportsbook');
  const errorText = useErrorText();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const accept = useMutation({
    mutationFn: (offerMinor: string) => callApi('sportsbookCashOut', { body: { betId: bet.id, offerMinor } }),
    onSuccess: (done) => {
      setConfirming(null);
      onCashedOut(t('cashOut.done', { amount: money(BigInt(done.offerMinor)) }));
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['sportsbook', 'bets'] });
    },
    onError: (error) => {
      setConfirming(null);
      setMessage({ ok: false, text: errorText(error) });
      void client.invalidateQueries({ queryKey: ['sportsbook', 'bets'] });
    },
  });
  const offer = bet.cashOutMinor;
  return (
    <div className="space-y-1.5" data-testid="cash-out">
      {offer !== null && confirming === null ? (
        <button
          type="button"
          data-testid="cash-out-button"
          data-offer={offer}
          className={buttonClass('primary', 'sm', 'w-full')}
          onClick={() => {
            setMessage(null);
            setConfirming(offer);
          }}
        >
          {t('cashOut.button', { amount: money(BigInt(offer)) })}
        </button>
      ) : null}
      {confirming !== null ? (
        <div className="flex flex-wrap items-center gap-2 rounded-xl bg-surface-2 p-2">
          <span className="min-w-0 flex-1 text-xs">
            {t('cashOut.confirm', { amount: money(BigInt(confirming)) })}
          </span>
          <button
            type="button"
            data-testid="cash-out-confirm"
            disabled={accept.isPending}
            className={buttonClass('primary', 'sm')}
            onClick={() => accept.mutate(confirming)}
          >
            {t('cashOut.yes')}
          </button>
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setConfirming(null)}>
            {t('cashOut.no')}
          </button>
        </div>
      ) : null}
      {message ? (
        <p
          role="status"
          data-testid="cash-out-message"
          className={
            message.ok ? 'text-xs font-semibold text-emerald-700' : 'text-xs font-semibold text-rose-600'
          }
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
};
