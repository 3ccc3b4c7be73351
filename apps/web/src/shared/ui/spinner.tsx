import { cx } from './cx';

/** A brand-coloured spinner; decorative, so the surrounding region carries the status text. */
export const Spinner = ({ className }: { className?: string }) => (
  <span
    aria-hidden="true"
    className={cx(
      'inline-block size-8 animate-spin rounded-full border-[3px] border-brand/25 border-t-brand',
      className,
    )}
  />
);
