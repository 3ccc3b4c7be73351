import type { ReactNode } from 'react';
import { cx } from '../../shared/ui/cx';

/** The framed block of the security centre (the member feature's look, kept here: features never import each other). */
export const Section = ({
  title,
  children,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}) => (
  <section data-testid={testId} className="rounded-2xl bg-surface-2/60 p-4 ring-1 ring-line sm:p-5">
    <h4 className="mb-3 text-[0.9375rem] font-bold">{title}</h4>
    {children}
  </section>
);

export const Note = ({
  tone,
  children,
  testId,
}: {
  tone: 'success' | 'error' | 'info';
  children: ReactNode;
  testId?: string;
}) => (
  <div
    role={tone === 'error' ? 'alert' : 'status'}
    data-testid={testId}
    className={cx(
      'rounded-xl px-3.5 py-3 text-sm leading-relaxed ring-1',
      tone === 'error'
        ? 'bg-red-500/10 text-red-700 ring-red-500/25 dark:text-red-300'
        : tone === 'success'
          ? 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300'
          : 'bg-brand/8 text-fg/90 ring-brand/20',
    )}
  >
    {children}
  </div>
);

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Minor units as a decimal amount with 2 places. */
export const decimalOf = (minor: string | null) => {
  if (minor === null || !/^-?[0-9]+$/.test(minor)) return '—';
  const n = BigInt(minor);
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

export const PROTECTION_KEY = ['protection'] as const;
