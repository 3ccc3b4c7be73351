import { cx } from '../../shared/ui/cx';

/** A lottery ball drawn in CSS (no emoji, no image): a shaded sphere with its number. */
export const Ball = ({
  value,
  size = 'md',
  tone = 'brand',
  delayMs,
}: {
  value: number | string;
  size?: 'sm' | 'md';
  tone?: 'brand' | 'hit' | 'plain';
  /** Set: the ball drops in after this delay (the draw animation). */
  delayMs?: number;
}) => (
  <span
    data-testid="lottery-ball"
    className={cx(
      'inline-grid shrink-0 place-items-center rounded-full font-black tabular-nums text-white shadow-[inset_-3px_-4px_6px_rgba(0,0,0,.28),0_2px_4px_rgba(0,0,0,.18)]',
      size === 'sm' ? 'size-7 text-[0.7rem]' : 'size-9 text-sm',
      tone === 'hit' && 'bg-[radial-gradient(circle_at_32%_28%,#fde68a,#f59e0b_55%,#b45309)]',
      tone === 'brand' && 'bg-[radial-gradient(circle_at_32%_28%,#6ee7b7,#10b981_55%,#047857)]',
      tone === 'plain' && 'bg-[radial-gradient(circle_at_32%_28%,#cbd5e1,#64748b_55%,#334155)]',
      delayMs !== undefined && 'lottery-ball-in',
    )}
    style={delayMs !== undefined ? { animationDelay: `${delayMs}ms` } : undefined}
  >
    {value}
  </span>
);
