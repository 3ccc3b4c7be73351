import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { cx } from './cx';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-accent text-accent-fg hover:brightness-110',
  secondary: 'border border-line bg-surface text-fg hover:bg-surface-2',
  danger: 'bg-danger text-white hover:brightness-110',
  ghost: 'text-fg hover:bg-surface-2',
};

/** A button; `pending` disables it and shows a spinner so an action cannot be sent twice. */
export const Button = ({
  variant = 'secondary',
  pending = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; pending?: boolean }) => (
  <button
    type={type}
    disabled={disabled || pending}
    aria-busy={pending || undefined}
    className={cx(
      'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 font-medium text-sm transition disabled:cursor-not-allowed disabled:opacity-50',
      VARIANTS[variant],
      className,
    )}
    {...rest}
  >
    {pending && <Spinner />}
    {children}
  </button>
);

export const Spinner = ({ className }: { className?: string }) => (
  <span
    aria-hidden="true"
    className={cx(
      'inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent',
      className,
    )}
  />
);

const fieldClass =
  'min-h-9 rounded-md border border-line bg-surface px-2.5 py-1.5 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none';
/** Full width unless the caller sets a width of its own (two width utilities would fight). */
const widthOf = (className: string | undefined) => (/(^|\s)(max-)?w-/.test(className ?? '') ? '' : 'w-full');

export const Input = ({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) => (
  <input className={cx(fieldClass, widthOf(className), className)} {...rest} />
);

export const Select = ({ className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) => (
  <select className={cx(fieldClass, widthOf(className), 'pr-7', className)} {...rest}>
    {children}
  </select>
);

export const TextArea = ({ className, ...rest }: React.TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea className={cx(fieldClass, 'w-full min-h-20', className)} {...rest} />
);

/** A labelled form field; `error` is shown under it and tied to it for screen readers. */
export const Field = ({
  label,
  error,
  hint,
  children,
  className,
}: {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) => (
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child
  <label className={cx('flex flex-col gap-1 text-sm', className)}>
    <span className="font-medium text-muted">{label}</span>
    {children}
    {hint && <span className="text-muted text-xs">{hint}</span>}
    {error && (
      <span role="alert" className="text-danger text-xs">
        {error}
      </span>
    )}
  </label>
);

export const Toggle = ({
  checked,
  onChange,
  label,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  label: string;
  disabled?: boolean;
  testId?: string;
}) => (
  <button
    type="button"
    role="switch"
    aria-checked={checked}
    aria-label={label}
    disabled={disabled}
    data-testid={testId}
    onClick={() => onChange(!checked)}
    className={cx(
      'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-50',
      checked ? 'bg-accent' : 'bg-line',
    )}
  >
    <span
      className={cx(
        'inline-block size-5 rounded-full bg-white shadow transition',
        checked ? 'translate-x-5' : 'translate-x-0.5',
      )}
    />
  </button>
);

export const Card = ({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) => (
  <section className={cx('rounded-lg border border-line bg-surface p-4', className)}>
    {(title || actions) && (
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        {title && <h2 className="font-semibold text-base">{title}</h2>}
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    )}
    {children}
  </section>
);

export const PageTitle = ({ title, actions }: { title: ReactNode; actions?: ReactNode }) => (
  <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
    <h1 className="font-semibold text-xl">{title}</h1>
    {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
  </div>
);
