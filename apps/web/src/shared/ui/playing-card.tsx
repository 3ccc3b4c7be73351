/**
 * A playing card drawn in SVG (no images, no emoji), for the PvP table and `/verify`'s Teen Patti
 * deals. A card is 0..51: rank (card mod 13) + 1 (ace 1 … king 13), suit floor(card / 13):
 * 0 spades, 1 hearts, 2 diamonds, 3 clubs. `null` is the card's back.
 */
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'];

const SuitMark = ({ suit, x, y, size }: { suit: number; x: number; y: number; size: number }) => {
  const fill = suit === 1 || suit === 2 ? '#c0262d' : '#111827';
  const s = size / 20;
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`} fill={fill}>
      {suit === 2 ? (
        <polygon points="10,0 19,10 10,20 1,10" />
      ) : suit === 1 ? (
        <path d="M10 19 L2 10 A4.5 4.5 0 0 1 10 4 A4.5 4.5 0 0 1 18 10 Z" />
      ) : suit === 0 ? (
        <path d="M10 1 L18 11 A4.5 4.5 0 0 1 11 15 L13 20 H7 L9 15 A4.5 4.5 0 0 1 2 11 Z" />
      ) : (
        <>
          <circle cx="10" cy="5.5" r="4.5" />
          <circle cx="5" cy="12" r="4.5" />
          <circle cx="15" cy="12" r="4.5" />
          <path d="M9 12 H11 L13 20 H7 Z" />
        </>
      )}
    </g>
  );
};

export const TeenPattiCard = ({ card, small = false }: { card: number | null; small?: boolean }) => {
  const rank = card === null ? 0 : (card % 13) + 1;
  const suit = card === null ? 0 : Math.floor(card / 13);
  return (
    <svg
      viewBox="0 0 70 100"
      className="pvp-deal drop-shadow"
      style={{ width: small ? 30 : 50, height: small ? 43 : 71 }}
      role="img"
      aria-label={card === null ? '?' : `${RANKS[rank]} ${SUIT_NAMES[suit]}`}
      data-testid={card === null ? 'pvp-card-back' : 'pvp-card'}
    >
      <rect
        x="2"
        y="2"
        width="66"
        height="96"
        rx="8"
        fill={card === null ? '#7f1d1d' : '#f8fafc'}
        stroke="#fbbf24"
        strokeWidth="3"
      />
      {card === null ? (
        <path
          d="M12 12 H58 V88 H12 Z M20 20 L50 80 M50 20 L20 80"
          stroke="#fbbf24"
          strokeWidth="2"
          fill="none"
          opacity=".6"
        />
      ) : (
        <>
          <text
            x="8"
            y="27"
            fontSize="22"
            fontWeight="800"
            fill={suit === 1 || suit === 2 ? '#c0262d' : '#111827'}
          >
            {RANKS[rank]}
          </text>
          <SuitMark suit={suit} x={30} y={50} size={32} />
        </>
      )}
    </svg>
  );
};
