import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { PROMOTIONS_QUERY_KEY } from '../../shared/state/rewards';
import { useSessionState } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { useBonusMoney, useRefreshAfterMoney, WeightTable } from './bonus-parts';

type Offer = Awaited<ReturnType<typeof callApi<'promoOffers'>>>['offers'][number];

const REMARK_MAX = 140;

const OfferCard = ({ offer }: { offer: Offer }) => {
  const { t } = useTranslation('promo');
  const money = useBonusMoney();
  const errorText = useErrorText();
  const refresh = useRefreshAfterMoney();
  const [remark, setRemark] = useState('');
  const [applying, setApplying] = useState(false);
  const claim = useMutation({
    mutationFn: () => callApi('promoClaim', { body: { code: offer.code } }),
    onSuccess: refresh,
  });
  const apply = useMutation({
    mutationFn: () => callApi('promoApply', { body: { code: offer.code, remark } }),
    onSuccess: () => {
      setApplying(false);
      refresh();
    },
  });
  const terms = t('offers.terms', {
    multiplier: offer.multiplier,
    base: t(`offers.base.${offer.wageringBase}`),
    maxBet: money(offer.maxBetMinor),
    days: Math.round(offer.expiryHours / 24) || 1,
    order: t(`bonus.order.${offer.spendingOrder}`),
  });
  return (
    <li
      className="flex flex-col gap-3 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line sm:p-5"
      data-testid="offer-card"
      data-code={offer.code}
    >
      <h3 className="text-base font-bold">{offer.title}</h3>
      {offer.body ? <p className="text-sm text-muted">{offer.body}</p> : null}
      <p className="text-xs text-muted">{terms}</p>
      <p className="text-xs text-muted">
        {t(`bonus.policy.${offer.withdrawPolicy}`, { amount: t('offers.theBonus') })}
      </p>
      <details className="text-xs">
        <summary className="cursor-pointer font-semibold text-muted">{t('bonus.weightsTitle')}</summary>
        <div className="mt-2">
          <WeightTable weights={offer.weights} />
        </div>
      </details>
      {claim.isSuccess ? (
        <p
          role="status"
          className="rounded-xl bg-emerald-500/10 px-3 py-2 text-sm"
          data-testid="offer-claimed"
        >
          {t('rewards.claimed', { amount: money(claim.data.amountMinor) })}
        </p>
      ) : offer.action === 'claim' ? (
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={claim.isPending}
          onClick={() => claim.mutate()}
          data-testid="offer-claim"
        >
          {t('offers.claim', { amount: money(offer.bonusMinor ?? '0') })}
        </button>
      ) : offer.action === 'apply' ? (
        offer.pending || apply.isSuccess ? (
          <p className="text-sm text-muted" data-testid="offer-pending">
            {t('offers.pending')}
          </p>
        ) : applying ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              apply.mutate();
            }}
          >
            <label className="text-sm font-medium" htmlFor={`remark-${offer.code}`}>
              {t('offers.remark')}
            </label>
            <textarea
              id={`remark-${offer.code}`}
              value={remark}
              maxLength={REMARK_MAX}
              onChange={(event) => setRemark(event.target.value)}
              className="min-h-20 rounded-xl bg-surface-2 p-2 text-sm ring-1 ring-line"
            />
            <p className="text-right text-xs text-muted tabular-nums">
              {[...remark].length} / {REMARK_MAX}
            </p>
            <button
              type="submit"
              className={buttonClass('primary')}
              disabled={apply.isPending}
              data-testid="offer-apply-send"
            >
              {t('offers.send')}
            </button>
          </form>
        ) : (
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setApplying(true)}
            data-testid="offer-apply"
          >
            {t('offers.apply')}
          </button>
        )
      ) : (
        <p className="text-sm text-muted">
          {offer.kind === 'cashback'
            ? t('offers.cashbackNone')
            : offer.kind === 'free_credit'
              ? t('offers.claimedAlready')
              : t('offers.depositFirst', { min: money(offer.minDepositMinor) })}
        </p>
      )}
      {claim.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorText(claim.error)}
        </p>
      ) : null}
      {apply.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorText(apply.error)}
        </p>
      ) : null}
    </li>
  );
};

/**
 * The promotions page's bonus offers (signed in): each promotion in force with its terms — what
 * counts at what weight, the max bet, the expiry, what withdrawing does — and its claim or apply
 * button. Deposit bonuses are claimed after the qualifying deposit (docs/decisions/036).
 */
export const BonusOffers = () => {
  const { t } = useTranslation('promo');
  const { token } = useSessionState();
  const offers = useQuery({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'offers', token ?? ''],
    queryFn: ({ signal }) => callApi('promoOffers', { signal }),
    enabled: Boolean(token),
  });
  if (!token || !offers.data || offers.data.offers.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" data-testid="bonus-offers" aria-labelledby="bonus-offers-title">
      <h2 id="bonus-offers-title" className="text-lg font-bold">
        {t('offers.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {offers.data.offers.map((offer) => (
          <OfferCard key={offer.code} offer={offer} />
        ))}
      </ul>
    </section>
  );
};
