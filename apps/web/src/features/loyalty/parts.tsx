import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinorAmount } from '../../shared/format/money';

/** Loyalty's framed blocks and small helpers (kept here: features never import each other). */
export const Card = ({
  title,
  children,
  testId,
}: {
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}) => (
  <section data-testid={testId} className="rounded-2xl bg-surface-2/60 p-4 ring-1 ring-line sm:p-5">
    {title ? <h3 className="mb-3 text-[0.9375rem] font-bold">{title}</h3> : null}
    {children}
  </section>
);

export { Note } from '../../shared/ui/panel';

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Minor units in the page's language ("১,২৩৪.৫০"). */
export const useAmount = () => {
  const { i18n } = useTranslation();
  return (minor: string | bigint) => formatMinorAmount(minor, i18n.language);
};

/** Whole numbers (points, counts) in the page's language. */
export const useCount = () => {
  const { i18n } = useTranslation();
  return (n: string | number | bigint) => {
    const locale = i18n.language === 'bn' ? 'bn-BD' : i18n.language === 'hi' ? 'hi-IN' : 'en-IN';
    return new Intl.NumberFormat(locale).format(BigInt(n));
  };
};

/** A mall item's or mission's name in the page's language (English, then any, as fallback). */
export const useLocalName = () => {
  const { i18n } = useTranslation();
  return (names: Record<string, string>) => names[i18n.language] ?? names.en ?? Object.values(names)[0] ?? '';
};

/** Progress bar, `value` of `target` (digit strings). */
export const Progress = ({ value, target, testId }: { value: string; target: string; testId?: string }) => {
  const v = BigInt(value);
  const t = BigInt(target);
  const percent = t <= 0n ? 100 : Number(((v >= t ? t : v) * 100n) / t);
  return (
    <div
      className="h-2 w-full overflow-hidden rounded-full bg-line/60"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={testId}
    >
      <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
    </div>
  );
};

export const LOYALTY_KEYS = {
  points: ['loyalty', 'points'] as const,
  mall: ['loyalty', 'mall'] as const,
  records: ['loyalty', 'records'] as const,
  config: ['loyalty', 'config'] as const,
  vip: ['loyalty', 'vip'] as const,
  /** The same key as shared/state/missions.ts (the member centre's badge). */
  missions: ['loyalty', 'missions'] as const,
  board: ['loyalty', 'board'] as const,
  rebates: ['loyalty', 'rebates'] as const,
};

export const inputClass =
  'h-10 w-full rounded-xl bg-surface px-3 text-sm ring-1 ring-line outline-none focus:ring-2 focus:ring-brand';
