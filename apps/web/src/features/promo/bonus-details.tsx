import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { PROMOTIONS_QUERY_KEY } from '../../shared/state/rewards';
import { useSessionState } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { Spinner } from '../../shared/ui/spinner';
import { ProgressBar, useBonusMoney, useRefreshAfterMoney, WeightTable } from './bonus-parts';

type Bonus = Awaited<ReturnType<typeof callApi<'promoBonuses'>>>['bonuses'][number];

const statusTone: Record<Bonus['status'], string> = {
  active: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
  completed: 'bg-sky-500/12 text-sky-700 dark:text-sky-300',
  forfeited: 'bg-surface-2 text-muted',
  expired: 'bg-surface-2 text-muted',
};

const BonusCard = ({ bonus, onForfeit }: { bonus: Bonus; onForfeit: () => void }) => {
  const { t, i18n } = useTranslation('promo');
  const money = useBonusMoney();
  const active = bonus.status === 'active';
  const date = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line"
      data-testid="bonus-card"
      data-status={bonus.status}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 flex-1 text-base font-bold">{bonus.title}</h3>
        <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', statusTone[bonus.status])}>
          {t(`bonus.status.${bonus.status}`)}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">{t('bonus.amount')}</dt>
          <dd className="font-bold tabular-nums">{money(bonus.amountMinor)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">
            {active
              ? t('bonus.balance')
              : bonus.status === 'completed'
                ? t('bonus.converted')
                : t('bonus.returned')}
          </dt>
          <dd className="font-bold tabular-nums" data-testid="bonus-balance">
            {money(bonus.balanceMinor)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('bonus.wagered')}</dt>
          <dd className="font-bold tabular-nums" data-testid="bonus-wagered">
            {money(bonus.wageredMinor)} / {money(bonus.requirementMinor)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('bonus.remaining')}</dt>
          <dd className="font-bold tabular-nums" data-testid="bonus-remaining">
            {money(bonus.remainingMinor)}
          </dd>
        </div>
      </dl>
      <ProgressBar wagered={bonus.wageredMinor} required={bonus.requirementMinor} />
      {active ? (
        <>
          <p className="text-xs text-muted">
            {t('bonus.rules', {
              maxBet: money(bonus.maxBetMinor),
              expires: date(bonus.expiresAt),
              order: t(`bonus.order.${bonus.spendingOrder}`),
            })}
          </p>
          <p className="text-xs font-semibold text-muted">{t('bonus.weightsTitle')}</p>
          <WeightTable weights={bonus.weights} />
          <button
            type="button"
            className={cx(buttonClass('ghost'), 'self-start text-sm')}
            onClick={onForfeit}
            data-testid="bonus-forfeit"
          >
            {t('bonus.forfeit')}
          </button>
        </>
      ) : (
        <p className="text-xs text-muted">
          {t('bonus.ended', { at: date(bonus.endedAt ?? bonus.expiresAt) })}
        </p>
      )}
    </li>
  );
};

/** Bonus details (member centre `bonusDetails`): active and finished bonuses with their progress. */
export const BonusDetailsPage = () => {
  const { t } = useTranslation('promo');
  const { token } = useSessionState();
  const money = useBonusMoney();
  const errorText = useErrorText();
  const refresh = useRefreshAfterMoney();
  const [confirming, setConfirming] = useState(false);
  const bonuses = useQuery({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'bonuses', token ?? ''],
    queryFn: ({ signal }) => callApi('promoBonuses', { signal }),
  });
  const forfeit = useMutation({
    mutationFn: () => callApi('promoForfeit', { body: {} }),
    onSuccess: () => {
      setConfirming(false);
      refresh();
    },
  });
  if (bonuses.isPending)
    return (
      <div className="grid place-items-center py-10">
        <Spinner />
      </div>
    );
  if (bonuses.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        {errorText(bonuses.error)}
      </p>
    );
  const active = bonuses.data.bonuses.find((b) => b.status === 'active');
  return (
    <div className="flex flex-col gap-4" data-testid="page-bonusDetails">
      <h2 className="text-lg font-bold">{t('bonus.title')}</h2>
      <div
        className="rounded-2xl bg-emerald-500/8 p-4 ring-1 ring-emerald-500/25"
        data-testid="bonus-withdrawable"
      >
        <p className="text-sm text-muted">{t('bonus.withdrawNow')}</p>
        <p className="mt-1 text-2xl font-bold tabular-nums">{money(bonuses.data.withdrawableMinor)}</p>
        {active ? (
          <p className="mt-1 text-xs text-muted" data-testid="bonus-withdraw-policy">
            {t(`bonus.policy.${active.withdrawPolicy}`, { amount: money(active.balanceMinor) })}
          </p>
        ) : null}
      </div>
      {confirming && active ? (
        <div
          role="alertdialog"
          className="flex flex-col gap-2 rounded-2xl bg-red-500/8 p-4 ring-1 ring-red-500/25"
        >
          <p className="text-sm">{t('bonus.forfeitConfirm', { amount: money(active.balanceMinor) })}</p>
          {forfeit.isError ? (
            <p role="alert" className="text-sm text-red-600">
              {errorText(forfeit.error)}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => forfeit.mutate()}
              disabled={forfeit.isPending}
              data-testid="bonus-forfeit-confirm"
            >
              {t('bonus.forfeitYes')}
            </button>
            <button type="button" className={buttonClass('ghost')} onClick={() => setConfirming(false)}>
              {t('bonus.cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {bonuses.data.bonuses.length === 0 ? (
        <p
          className="rounded-2xl bg-surface-2/60 p-6 text-center text-sm text-muted"
          data-testid="bonus-empty"
        >
          {t('bonus.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {bonuses.data.bonuses.map((b) => (
            <BonusCard key={b.id} bonus={b} onForfeit={() => setConfirming(true)} />
          ))}
        </ul>
      )}
    </div>
  );
};
