import { PROMO_PRODUCTS } from '@khela/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/format/money';
import { refreshBalanceEverywhere, useBalance } from '../../shared/state/balance';
import { PROMOTIONS_QUERY_KEY } from '../../shared/state/rewards';
import { useSessionState } from '../../shared/state/session';
import { cx } from '../../shared/ui/cx';

/** Amounts in the page language with the merchant's sign. */
export const useBonusMoney = () => {
  const { i18n } = useTranslation();
  const { token } = useSessionState();
  const symbol = useBalance(token).data?.currencySymbol;
  return useCallback(
    (minor: string | bigint) => formatMoney(minor, i18n.language, symbol),
    [i18n.language, symbol],
  );
};

/** After a claim or forfeit: promotions, balance and cashier figures are stale. */
export const useRefreshAfterMoney = () => {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: PROMOTIONS_QUERY_KEY });
    refreshBalanceEverywhere(client);
    void client.invalidateQueries({ queryKey: ['cashier'] });
  };
};

/** "What counts at what weight": every product with its weight (a product not listed counts 0 %). */
export const WeightTable = ({ weights }: { weights: Partial<Record<string, number>> }) => {
  const { t } = useTranslation('promo');
  return (
    <dl className="grid grid-cols-3 gap-1.5 text-xs sm:grid-cols-5" data-testid="bonus-weights">
      {PROMO_PRODUCTS.map((product) => {
        const weight = weights[product] ?? 0;
        return (
          <div
            key={product}
            className={cx(
              'rounded-lg px-2 py-1.5 ring-1 ring-line',
              weight === 0 ? 'text-muted' : 'bg-surface-2/60',
            )}
          >
            <dt className="truncate">{t(`bonus.products.${product}`)}</dt>
            <dd className="font-bold tabular-nums">{weight} %</dd>
          </div>
        );
      })}
    </dl>
  );
};

/** Wagered of required, as a bar with both figures. */
export const ProgressBar = ({ wagered, required }: { wagered: string; required: string }) => {
  const w = BigInt(wagered);
  const r = BigInt(required);
  const percent = r === 0n ? 100 : Number((w * 1000n) / r) / 10;
  return (
    <div
      className="h-2.5 w-full overflow-hidden rounded-full bg-surface-2 ring-1 ring-line"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(100, percent)}
    >
      <div
        className="h-full rounded-full bg-brand transition-all"
        style={{ width: `${Math.min(100, percent)}%` }}
      />
    </div>
  );
};
