import { cx } from './cx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'outline';
type Size = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition duration-150 select-none active:scale-[.97] disabled:pointer-events-none disabled:opacity-45';

const variants: Record<Variant, string> = {
  primary:
    'bg-gradient-to-b from-brand to-[color-mix(in_oklab,var(--brand)_82%,black)] text-brand-fg shadow-[0_6px_18px_-8px_var(--brand)] hover:brightness-110',
  secondary:
    'bg-surface-2 text-fg ring-1 ring-line hover:bg-[color-mix(in_oklab,var(--surface-2)_80%,var(--text))]',
  ghost: 'text-fg hover:bg-surface-2',
  outline: 'text-fg ring-1 ring-line hover:ring-brand hover:text-brand',
};

const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-[0.8125rem]',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Class names of the house button, for <button>, <a> and router links alike. */
export const buttonClass = (variant: Variant = 'primary', size: Size = 'md', extra?: string) =>
  cx(base, variants[variant], sizes[size], extra);
