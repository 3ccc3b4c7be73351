import { useMutation } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { useRewards } from '../../shared/state/rewards';
import { buttonClass } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { useBonusMoney, useRefreshAfterMoney } from './bonus-parts';

/** Reward centre (member centre `rewardCenter`): everything claimable now, in one place. */
export const RewardCenterPage = () => {
  const { t } = useTranslation('promo');
  const money = useBonusMoney();
  const errorText = useErrorText();
  const refresh = useRefreshAfterMoney();
  const rewards = useRewards();
  const claim = useMutation({
    mutationFn: (code: string) => callApi('promoClaim', { body: { code } }),
    onSuccess: refresh,
  });
  return (
    <div className="flex flex-col gap-4" data-testid="page-rewardCenter">
      <h2 className="text-lg font-bold">{t('rewards.title')}</h2>
      {claim.isSuccess ? (
        <p
          role="status"
          className="rounded-xl bg-emerald-500/10 px-3 py-2 text-sm"
          data-testid="reward-claimed"
        >
          {t('rewards.claimed', { amount: money(claim.data.amountMinor) })}
        </p>
      ) : null}
      {claim.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorText(claim.error)}
        </p>
      ) : null}
      {rewards.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      ) : rewards.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorText(rewards.error)}
        </p>
      ) : rewards.data.items.length === 0 ? (
        <p
          className="rounded-2xl bg-surface-2/60 p-6 text-center text-sm text-muted"
          data-testid="reward-empty"
        >
          {t('rewards.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rewards.data.items.map((item) => (
            <li
              key={`${item.source}:${item.key}`}
              className="flex items-center gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line"
              data-testid="reward-item"
            >
              <Gift aria-hidden="true" className="size-5 shrink-0 text-brand" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  {item.source === 'referral'
                    ? t('rewards.referralFriend', { name: item.title })
                    : item.title}
                </p>
                {item.amountMinor ? (
                  <p className="text-sm tabular-nums text-muted">{money(item.amountMinor)}</p>
                ) : null}
              </div>
              {item.source === 'promotion' ? (
                <button
                  type="button"
                  className={buttonClass('primary')}
                  disabled={claim.isPending}
                  onClick={() => claim.mutate(item.key)}
                  data-testid={`reward-claim-${item.key}`}
                >
                  {t('rewards.claim')}
                </button>
              ) : item.source === 'loyalty' || item.source === 'referral' ? (
                <Link
                  to={`?member=${item.source === 'referral' ? 'referral' : item.key}`}
                  className={buttonClass('secondary')}
                  data-testid={`reward-open-${item.key}`}
                >
                  {t('rewards.open')}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
