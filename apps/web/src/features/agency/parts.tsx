import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/format/money';
import { useBalance } from '../../shared/state/balance';
import { useMember } from '../../shared/state/session';
import { cx } from '../../shared/ui/cx';

/** Small pieces every agent-centre section uses. */

/** Minor units with the merchant's currency sign, in the page's language. */
export const useMoney = () => {
  const { i18n } = useTranslation('agency');
  const { token } = useMember();
  const symbol = useBalance(token).data?.currencySymbol;
  return (minor: string | bigint) => formatMoney(minor, i18n.language, symbol);
};

/** Basis points as a percentage: 50 → "0.5%". */
export const percent = (bp: number) => `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

export const Card = ({
  title,
  children,
  testId,
}: {
  title?: string;
  children: ReactNode;
  testId?: string;
}) => (
  <section className="rounded-2xl bg-surface p-4 shadow-card ring-1 ring-line sm:p-5" data-testid={testId}>
    {title ? <h2 className="mb-3 text-base font-bold">{title}</h2> : null}
    {children}
  </section>
);

export const Stat = ({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) => (
  <div className="min-w-0 rounded-2xl bg-surface-2/70 p-3.5 ring-1 ring-line">
    <dt className="text-xs text-muted">{label}</dt>
    <dd className="mt-1 truncate text-lg font-bold tabular-nums" data-testid={testId}>
      {value}
    </dd>
  </div>
);

export const Empty = ({ children }: { children: ReactNode }) => (
  <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">{children}</p>
);

export const Chips = <V extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
  label: string;
  testId?: string;
}) => (
  <div role="tablist" aria-label={label} className="flex flex-wrap gap-2" data-testid={testId}>
    {options.map((o) => (
      <button
        key={o.value}
        type="button"
        role="tab"
        aria-selected={o.value === value}
        onClick={() => onChange(o.value)}
        className={cx(
          'rounded-full px-3 py-1.5 text-sm font-semibold ring-1 transition',
          o.value === value
            ? 'bg-brand text-brand-fg ring-brand'
            : 'bg-surface-2 text-fg ring-line hover:ring-brand/40',
        )}
      >
        {o.label}
      </button>
    ))}
  </div>
);

export const fieldClass =
  'h-11 w-full min-w-0 rounded-xl bg-raised px-3.5 text-[0.9375rem] text-fg ring-1 ring-line outline-none focus:ring-2 focus:ring-brand';
