import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { Card, LOYALTY_KEYS, Note, type Outcome, useAmount } from './parts';

/**
 * The member centre's manual rebate (issue 19): rebates per day and product with their rate,
 * accrued ones claimable at once (manual mode) or paid by the daily run (auto mode).
 */
export const ManualRebatePage = () => {
  const { t } = useTranslation('loyalty');
  const amount = useAmount();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const rebates = useQuery({
    queryKey: LOYALTY_KEYS.rebates,
    queryFn: ({ signal }) => callApi('rebateList', { signal }),
  });
  const claim = async () => {
    setOutcome(null);
    try {
      const done = await callApi('rebateClaim', {});
      setOutcome({ tone: 'success', text: t('rebate.claimed', { amount: amount(done.amountMinor) }) });
      await queryClient.invalidateQueries({ queryKey: ['loyalty'] });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  };
  const data = rebates.data;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <HandCoins className="size-4 text-brand" />
          {t('rebate.title')}
        </span>
      }
      testId="rebate-page"
    >
      {data ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm text-muted">{t('rebate.accrued')}</p>
            <p className="text-2xl font-bold" data-testid="rebate-accrued">
              {amount(data.accruedMinor)}
            </p>
            <p className="text-xs text-muted">{t(`rebate.mode.${data.mode}`)}</p>
          </div>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={BigInt(data.accruedMinor) === 0n}
            onClick={claim}
            data-testid="rebate-claim"
          >
            {t('rebate.claim')}
          </button>
        </div>
      ) : null}
      {outcome ? (
        <div className="mb-3">
          <Note tone={outcome.tone} testId="rebate-outcome">
            {outcome.text}
          </Note>
        </div>
      ) : null}
      {data && data.rebates.length === 0 ? <p className="text-sm text-muted">{t('rebate.none')}</p> : null}
      <ul className="flex flex-col gap-2 text-sm">
        {(data?.rebates ?? []).map((r) => (
          <li
            key={r.id}
            className="grid grid-cols-2 gap-1 rounded-xl bg-surface px-3 py-2 ring-1 ring-line sm:grid-cols-5"
          >
            <span>{r.day}</span>
            <span>{t(`product.${r.product}`, { defaultValue: r.product })}</span>
            <span>{t('rebate.turnover', { amount: amount(r.turnoverMinor) })}</span>
            <span>
              {(r.ratePpm / 10_000).toFixed(3).replace(/\.?0+$/, '')}% → {amount(r.amountMinor)}
            </span>
            <span>{t(`rebate.status.${r.status}`)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
};
