/**
 * The engines' art, drawn as SVG the build ships (no emoji, no font): gems, mines, tower tiles,
 * dice faces and the slot engines' symbols (a shape per symbol key, coloured by the game's palette).
 */

type Props = { size?: number; className?: string };

export const GemArt = ({ size = 40, className }: Props) => (
  <svg viewBox="0 0 40 40" width={size} height={size} className={className} aria-hidden="true">
    <polygon points="20,4 34,15 20,36 6,15" fill="#34d399" />
    <polygon points="20,4 27,15 20,36 13,15" fill="#6ee7b7" />
    <polygon points="6,15 34,15 27,15 20,4 13,15" fill="#a7f3d0" opacity="0.8" />
  </svg>
);

export const MineArt = ({ size = 40, className }: Props) => (
  <svg viewBox="0 0 40 40" width={size} height={size} className={className} aria-hidden="true">
    <g stroke="#f87171" strokeWidth="3" strokeLinecap="round">
      <line x1="20" y1="3" x2="20" y2="37" />
      <line x1="3" y1="20" x2="37" y2="20" />
      <line x1="8" y1="8" x2="32" y2="32" />
      <line x1="32" y1="8" x2="8" y2="32" />
    </g>
    <circle cx="20" cy="20" r="11" fill="#1f2937" stroke="#f87171" strokeWidth="2" />
    <circle cx="16" cy="16" r="3" fill="#fca5a5" />
  </svg>
);

export const TileArt = ({ size = 40, className }: Props) => (
  <svg viewBox="0 0 40 40" width={size} height={size} className={className} aria-hidden="true">
    <rect x="3" y="3" width="34" height="34" rx="7" fill="#334155" />
    <rect x="6" y="6" width="28" height="28" rx="5" fill="#475569" />
  </svg>
);

const PIPS: Record<number, [number, number][]> = {
  1: [[20, 20]],
  2: [
    [12, 12],
    [28, 28],
  ],
  3: [
    [11, 11],
    [20, 20],
    [29, 29],
  ],
  4: [
    [12, 12],
    [28, 12],
    [12, 28],
    [28, 28],
  ],
  5: [
    [11, 11],
    [29, 11],
    [20, 20],
    [11, 29],
    [29, 29],
  ],
  6: [
    [12, 10],
    [28, 10],
    [12, 20],
    [28, 20],
    [12, 30],
    [28, 30],
  ],
};

export const DieArt = ({ face, size = 56, className }: Props & { face: number }) => (
  <svg viewBox="0 0 40 40" width={size} height={size} className={className} aria-hidden="true">
    <rect x="2" y="2" width="36" height="36" rx="8" fill="#f8fafc" />
    {(PIPS[face] ?? PIPS[1] ?? []).map(([x, y]) => (
      <circle key={`${x}-${y}`} cx={x} cy={y} r="3.6" fill="#0f172a" />
    ))}
  </svg>
);

/** A slot symbol by its key (`wild`, `scatter`, `cash`, `h1`…`h4`, `l1`…`l4`) in the palette's colour. */
export const SymbolArt = ({ symbol, color, size = 44 }: { symbol: string; color: string; size?: number }) => {
  const shape = (() => {
    switch (symbol) {
      case 'wild':
        return (
          <>
            <rect x="4" y="10" width="32" height="20" rx="5" fill="#facc15" />
            <path
              d="M9 14 L13 26 L17 17 L20 26 L23 17 L27 26 L31 14"
              stroke="#7c2d12"
              strokeWidth="2.5"
              fill="none"
            />
          </>
        );
      case 'scatter':
        return (
          <polygon
            points="20,3 24.5,15 37,15 27,23 31,36 20,28 9,36 13,23 3,15 15.5,15"
            fill="#f472b6"
            stroke="#fff"
            strokeWidth="1.5"
          />
        );
      case 'cash':
        return (
          <>
            <circle cx="20" cy="20" r="16" fill="#fbbf24" stroke="#b45309" strokeWidth="3" />
            <circle cx="20" cy="20" r="9" fill="none" stroke="#b45309" strokeWidth="2" />
          </>
        );
      case 'h1':
        return <polygon points="20,4 35,20 20,36 5,20" fill={color} />;
      case 'h2':
        return (
          <path
            d="M20 35 C6 24 4 16 10 10 C15 5 19 9 20 12 C21 9 25 5 30 10 C36 16 34 24 20 35Z"
            fill={color}
          />
        );
      case 'h3':
        return <polygon points="20,4 36,34 4,34" fill={color} />;
      case 'h4':
        return <polygon points="20,3 35,12 35,28 20,37 5,28 5,12" fill={color} />;
      case 'l1':
        return <circle cx="20" cy="20" r="14" fill={color} opacity="0.75" />;
      case 'l2':
        return <rect x="7" y="7" width="26" height="26" rx="4" fill={color} opacity="0.75" />;
      case 'l3':
        return <rect x="6" y="14" width="28" height="12" rx="6" fill={color} opacity="0.75" />;
      default:
        return (
          <path
            d="M20 5 L35 35 L5 35Z M20 15 L27 30 L13 30Z"
            fill={color}
            opacity="0.75"
            fillRule="evenodd"
          />
        );
    }
  })();
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" data-symbol={symbol}>
      {shape}
    </svg>
  );
};
