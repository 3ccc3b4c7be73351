/**
 * Playing cards drawn in SVG the build ships (no emoji, no font glyphs for suits): a card face
 * with its rank and suit, or the back of a card (null). Shared by the card tables (dragon tiger,
 * baccarat, blackjack; docs/decisions/034-table-games.md, 043-table-games.md).
 */

export type Card = { rank: number; suit: number };
export const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'];

/** A suit drawn as a path in a 20×20 box: 0 spades, 1 hearts, 2 diamonds, 3 clubs. */
const SuitArt = ({ suit, x, y }: { suit: number; x: number; y: number }) => {
  const color = suit === 1 || suit === 2 ? '#c0262d' : '#111827';
  const shape =
    suit === 2 ? (
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
    );
  return (
    <g transform={`translate(${x} ${y})`} fill={color}>
      {shape}
    </g>
  );
};

export const CardArt = ({
  card,
  testId,
  width = 90,
}: {
  card: Card | null;
  testId: string;
  width?: number;
}) => (
  <svg
    viewBox="0 0 70 100"
    width={width}
    height={Math.round((width * 128) / 90)}
    role="img"
    aria-label={card ? `${RANKS[card.rank]} ${SUITS[card.suit]}` : '?'}
    data-testid={testId}
    data-rank={card?.rank ?? ''}
  >
    <rect
      x="2"
      y="2"
      width="66"
      height="96"
      rx="8"
      fill={card ? '#f8fafc' : '#7f1d1d'}
      stroke="#fbbf24"
      strokeWidth="3"
    />
    {card ? (
      <>
        <text
          x="10"
          y="24"
          fontSize="18"
          fontWeight="800"
          fill={card.suit === 1 || card.suit === 2 ? '#c0262d' : '#111827'}
        >
          {RANKS[card.rank]}
        </text>
        <SuitArt suit={card.suit} x={25} y={45} />
      </>
    ) : (
      <rect x="12" y="12" width="46" height="76" rx="4" fill="none" stroke="#fbbf24" strokeDasharray="4 3" />
    )}
  </svg>
);
