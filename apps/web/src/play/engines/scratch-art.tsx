/**
 * The scratch card's prize symbols drawn in SVG the build ships (no emoji, no font glyphs):
 * 0 cherry, 1 lemon, 2 bell, 3 clover, 4 star, 5 horseshoe, 6 gem, 7 crown, each in a 40×40 box
 * (docs/decisions/049-video-poker-scratch.md).
 */

export const SCRATCH_SYMBOL_KEYS = ['cherry', 'lemon', 'bell', 'clover', 'star', 'horseshoe', 'gem', 'crown'];

const Shape = ({ symbol }: { symbol: number }) => {
  switch (symbol) {
    case 0:
      return (
        <g>
          <path d="M14 26 Q18 10 28 6 M26 26 Q24 14 28 6" stroke="#15803d" strokeWidth="2.5" fill="none" />
          <circle cx="13" cy="29" r="7" fill="#dc2626" />
          <circle cx="27" cy="29" r="7" fill="#b91c1c" />
        </g>
      );
    case 1:
      return <ellipse cx="20" cy="21" rx="15" ry="11" fill="#facc15" stroke="#a16207" strokeWidth="2" />;
    case 2:
      return (
        <g fill="#f59e0b" stroke="#92400e" strokeWidth="2">
          <path d="M8 30 Q10 8 20 7 Q30 8 32 30 Z" />
          <circle cx="20" cy="33" r="3.5" />
        </g>
      );
    case 3:
      return (
        <g fill="#16a34a">
          <circle cx="14" cy="14" r="7" />
          <circle cx="26" cy="14" r="7" />
          <circle cx="14" cy="26" r="7" />
          <circle cx="26" cy="26" r="7" />
          <path d="M20 24 L24 38" stroke="#166534" strokeWidth="2.5" />
        </g>
      );
    case 4:
      return (
        <polygon
          points="20,3 24.7,14.6 37,15.2 27.4,23 30.6,35 20,28.2 9.4,35 12.6,23 3,15.2 15.3,14.6"
          fill="#fde047"
          stroke="#ca8a04"
          strokeWidth="2"
        />
      );
    case 5:
      return (
        <path
          d="M9 8 L9 22 A11 11 0 0 0 31 22 L31 8"
          fill="none"
          stroke="#64748b"
          strokeWidth="6"
          strokeLinecap="round"
        />
      );
    case 6:
      return (
        <g stroke="#0e7490" strokeWidth="1.5">
          <polygon points="8,15 14,7 26,7 32,15 20,35" fill="#22d3ee" />
          <polygon points="8,15 32,15 20,35" fill="#06b6d4" />
        </g>
      );
    default:
      return (
        <g fill="#eab308" stroke="#854d0e" strokeWidth="2">
          <polygon points="5,30 7,11 14,20 20,7 26,20 33,11 35,30" />
          <rect x="5" y="30" width="30" height="5" rx="1.5" />
        </g>
      );
  }
};

export const ScratchSymbol = ({ symbol, size = 48 }: { symbol: number; size?: number }) => (
  <svg
    viewBox="0 0 40 40"
    width={size}
    height={size}
    role="img"
    aria-label={SCRATCH_SYMBOL_KEYS[symbol] ?? '?'}
    data-symbol={symbol}
  >
    <Shape symbol={symbol} />
  </svg>
);

/** The silver coating of an unscratched cell. */
export const ScratchCoat = () => (
  <svg viewBox="0 0 40 40" className="absolute inset-0 size-full" aria-hidden="true">
    <defs>
      <linearGradient id="scratch-coat" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#e2e8f0" />
        <stop offset="0.5" stopColor="#94a3b8" />
        <stop offset="1" stopColor="#cbd5e1" />
      </linearGradient>
    </defs>
    <rect width="40" height="40" rx="5" fill="url(#scratch-coat)" />
    <path d="M6 12 H34 M6 20 H34 M6 28 H34" stroke="#f8fafc" strokeOpacity="0.5" strokeWidth="1.5" />
  </svg>
);
