/**
 * The tables' drawn art (SVG, no images, no emoji): playing cards, dice, the roulette pocket.
 * Cards come in with a flip (CSS keyframes in table-view's style block, class `live-deal`).
 */
export type CardFace = { card: number; rank: number; suit: number };

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'];
const isRedSuit = (suit: number) => suit === 1 || suit === 2;

/** A suit drawn in a 20×20 box: 0 spades, 1 hearts, 2 diamonds, 3 clubs. */
const Suit = ({ suit, x, y, scale = 1 }: { suit: number; x: number; y: number; scale?: number }) => (
  <g transform={`translate(${x} ${y}) scale(${scale})`} fill={isRedSuit(suit) ? '#c0262d' : '#111827'}>
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

export const PlayingCard = ({
  card,
  delayMs = 0,
  small = false,
}: {
  card: CardFace | null;
  delayMs?: number;
  small?: boolean;
}) => (
  <svg
    viewBox="0 0 70 100"
    className={card ? 'live-deal' : undefined}
    style={{ width: small ? 34 : 52, height: small ? 48 : 74, animationDelay: `${delayMs}ms` }}
    role="img"
    aria-label={card ? `${RANKS[card.rank]} ${SUIT_NAMES[card.suit]}` : '?'}
    data-testid="live-card"
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
        <text x="9" y="25" fontSize="20" fontWeight="800" fill={isRedSuit(card.suit) ? '#c0262d' : '#111827'}>
          {RANKS[card.rank]}
        </text>
        <Suit suit={card.suit} x={22} y={44} scale={1.3} />
      </>
    ) : (
      <rect x="12" y="12" width="46" height="76" rx="4" fill="none" stroke="#fbbf24" strokeDasharray="4 3" />
    )}
  </svg>
);

const PIPS: Record<number, [number, number][]> = {
  1: [[20, 20]],
  2: [
    [11, 11],
    [29, 29],
  ],
  3: [
    [11, 11],
    [20, 20],
    [29, 29],
  ],
  4: [
    [11, 11],
    [29, 11],
    [11, 29],
    [29, 29],
  ],
  5: [
    [11, 11],
    [29, 11],
    [20, 20],
    [11, 29],
    [29, 29],
  ],
  6: [
    [11, 10],
    [29, 10],
    [11, 20],
    [29, 20],
    [11, 30],
    [29, 30],
  ],
};

export const Die = ({ face, delayMs = 0 }: { face: number; delayMs?: number }) => (
  <svg
    viewBox="0 0 40 40"
    className="live-deal"
    style={{ width: 46, height: 46, animationDelay: `${delayMs}ms` }}
    role="img"
    aria-label={String(face)}
  >
    <rect x="2" y="2" width="36" height="36" rx="8" fill="#f8fafc" stroke="#b91c1c" strokeWidth="2" />
    {(PIPS[face] ?? []).map(([cx, cy]) => (
      <circle
        key={`${cx}-${cy}`}
        cx={cx}
        cy={cy}
        r="3.6"
        fill={face === 1 || face === 4 ? '#c0262d' : '#111827'}
      />
    ))}
  </svg>
);

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const pocketColor = (n: number) => (n === 0 ? '#15803d' : RED.has(n) ? '#b91c1c' : '#111827');

/** The wheel's pocket as a ball in a ring, spun in (class `live-spin`). */
export const RoulettePocket = ({ pocket }: { pocket: number | null }) => (
  <svg
    viewBox="0 0 100 100"
    style={{ width: 96, height: 96 }}
    role="img"
    aria-label={pocket === null ? '?' : String(pocket)}
  >
    <circle cx="50" cy="50" r="47" fill="#3f2a14" stroke="#fbbf24" strokeWidth="3" />
    <circle
      cx="50"
      cy="50"
      r="38"
      fill="none"
      stroke="#a16207"
      strokeWidth="6"
      strokeDasharray="6 4"
      className="live-spin"
    />
    <circle cx="50" cy="50" r="26" fill={pocket === null ? '#1f2937' : pocketColor(pocket)} />
    <text
      x="50"
      y="58"
      textAnchor="middle"
      fontSize="24"
      fontWeight="900"
      fill="#fff"
      data-testid="live-pocket"
    >
      {pocket === null ? '?' : pocket}
    </text>
  </svg>
);
