import type { ReactNode } from 'react';
import { cx } from './cx';

/** The framed block of the member centre's pages (security centre, loyalty, …). */
export const Panel = ({
  title,
  children,
  testId,
}: {
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}) => (
  <section data-testid={testId} className="rounded-2xl bg-surface-2/60 p-4 ring-1 ring-line sm:p-5">
    {title ? <h4 className="mb-3 text-[0.9375rem] font-bold">{title}</h4> : null}
    {children}
  </section>
);

/** A result or a hint under a form: success, error (announced as an alert) or information. */
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
