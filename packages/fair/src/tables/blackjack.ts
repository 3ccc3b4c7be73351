/**
 * Single-player blackjack, one round of several steps (docs/decisions/043-table-games.md).
 * Shoe: 6 decks (312 positions), shuffled lazily by partial Fisher–Yates from the round's stream
 * (the i-th card dealt is the i-th card of `dealFromShoe(stream, 312, n)`); position p is card
 * p mod 52, rank (card mod 13) + 1. Deal order: player, dealer up card, player, dealer hole card;
 * every later card is the next of the shoe in the order it is needed.
 * Rules: blackjack pays 3:2 (floor(5·bet/2) back); the dealer peeks for blackjack with an ace or
 * a ten-value up card (a dealer blackjack takes only the original bet); insurance (half the bet,
 * floored, pays 2:1) is offered, before the peek, when the up card is an ace; double on any first
 * two cards (also after a split): one more card; split once (two cards of the same value), split
 * aces take one card each; a split 21 is not a blackjack; no surrender; the dealer stands on
 * every 17 (soft 17 too). A hand that reaches 21 stands by itself.
 * RTP under basic strategy: 99.43 % for an infinite deck (exact DP, blackjack-rtp.test.ts); about
 * 99.54 % for this 6-deck shoe (house edge ≈ 0.46 %, the published figure for these rules).
 */
import { checkBet, MAX_ROUND_BET_MINOR, type RoundSeeds } from '../originals/common';
import { type Revealed, verifyReplay } from '../originals/verify';
import { type ByteStream, createByteStream, FairError } from '../rng';

export const BLACKJACK_SHOE = 312;
export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const;
export type BlackjackAction = (typeof BLACKJACK_ACTIONS)[number];
/** The most actions a round takes (two hands of at most 21 cards each, plus insurance). */
export const BLACKJACK_MAX_ACTIONS = 48;

export type BlackjackCard = { card: number; rank: number; suit: number };
export type BlackjackHandOutcome = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';
export type BlackjackHand = {
  cards: BlackjackCard[];
  total: number;
  soft: boolean;
  stakeMinor: number;
  doubled: boolean;
  /** Played after a split (no blackjack; split aces take one card). */
  split: boolean;
  done: boolean;
  outcome: BlackjackHandOutcome | null;
  payoutMinor: number;
};
export type BlackjackPhase = 'insurance' | 'player' | 'settled';
export type BlackjackState = {
  game: 'blackjack';
  phase: BlackjackPhase;
  hands: BlackjackHand[];
  /** The hand the next action plays. */
  active: number;
  dealer: BlackjackCard[];
  dealerTotal: number;
  /** The insurance stake (0: not taken or not offered). */
  insuranceMinor: number;
  insurancePayoutMinor: number;
  actions: BlackjackAction[];
  /** What the player may do next (empty once settled). */
  allowed: BlackjackAction[];
  /** Everything staked: the bet, doubles, the split and insurance. */
  stakeMinor: number;
  payoutMinor: number;
  won: boolean;
};

const cardOf = (card: number): BlackjackCard => ({
  card,
  rank: (card % 13) + 1,
  suit: Math.floor(card / 13),
});
/** Ace 1 (counted 11 when it fits), 2–10 their face, jack/queen/king 10. */
export const blackjackValue = (c: BlackjackCard) => Math.min(c.rank, 10);

export const handTotal = (cards: BlackjackCard[]): { total: number; soft: boolean } => {
  const hard = cards.reduce((sum, c) => sum + blackjackValue(c), 0);
  const soft = cards.some((c) => c.rank === 1) && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
};
const isBlackjack = (cards: BlackjackCard[]) => cards.length === 2 && handTotal(cards).total === 21;

/** The shoe dealt in order: the first four cards up front, then one by one as they are needed. */
export type CardSource = () => number;

/** The lazy partial Fisher–Yates of `dealFromShoe` (live/cards.ts) over a 6-deck shoe. */
export const shoeSource = (stream: ByteStream, size = BLACKJACK_SHOE): CardSource => {
  const left = Array.from({ length: size }, (_, i) => i);
  let i = 0;
  return () => {
    if (i >= size) throw new FairError('bad_state', 'the shoe is empty');
    const j = stream.uniformInt(size - i);
    const card = (left[j] as number) % 52;
    left[j] = left[size - i - 1] as number;
    i += 1;
    return card;
  };
};

/** A shoe from a fixed list of cards (0..51), for hand-worked deals. */
export const listSource = (cards: readonly number[]): CardSource => {
  let i = 0;
  return () => {
    const card = cards[i++];
    if (card === undefined) throw new FairError('bad_state', 'the listed shoe is empty');
    return card;
  };
};

const newHand = (cards: BlackjackCard[], stakeMinor: number, split: boolean): BlackjackHand => ({
  cards,
  ...handTotal(cards),
  stakeMinor,
  doubled: false,
  split,
  done: false,
  outcome: null,
  payoutMinor: 0,
});

/**
 * The round after `actions` for a bet and a shoe: deals, applies each action in order (refusing
 * one the state does not allow: FairError 'bad_state'), plays the dealer and settles once no hand
 * is left to play.
 */
export const blackjackRound = (
  betMinorIn: number,
  next: CardSource,
  actionsIn: readonly unknown[],
): BlackjackState => {
  const betMinor = checkBet(betMinorIn);
  if (betMinor * 2 > MAX_ROUND_BET_MINOR)
    throw new FairError('bad_bet', `a bet is at most ${MAX_ROUND_BET_MINOR / 2} minor units`);
  if (!Array.isArray(actionsIn) || actionsIn.length > BLACKJACK_MAX_ACTIONS)
    throw new FairError('bad_range', `a round takes at most ${BLACKJACK_MAX_ACTIONS} actions`);
  const draw = () => cardOf(next());
  const p1 = draw();
  const up = draw();
  const p2 = draw();
  const hole = draw();
  const s: BlackjackState = {
    game: 'blackjack',
    phase: 'player',
    hands: [newHand([p1, p2], betMinor, false)],
    active: 0,
    dealer: [up, hole],
    dealerTotal: handTotal([up, hole]).total,
    insuranceMinor: 0,
    insurancePayoutMinor: 0,
    actions: [],
    allowed: [],
    stakeMinor: betMinor,
    payoutMinor: 0,
    won: false,
  };
  const hand = () => s.hands[s.active] as BlackjackHand;
  const settle = () => {
    s.phase = 'settled';
    s.dealerTotal = handTotal(s.dealer).total;
    s.payoutMinor = s.insurancePayoutMinor + s.hands.reduce((sum, h) => sum + h.payoutMinor, 0);
    s.won = s.payoutMinor > 0;
  };
  /** The peek after the insurance decision (or at once without an ace up). */
  const peek = () => {
    const dealerBj = isBlackjack(s.dealer);
    const first = s.hands[0] as BlackjackHand;
    const playerBj = isBlackjack(first.cards);
    if (dealerBj) s.insurancePayoutMinor = s.insuranceMinor * 3;
    if (dealerBj || playerBj) {
      first.done = true;
      first.outcome = dealerBj ? (playerBj ? 'push' : 'lose') : 'blackjack';
      first.payoutMinor = dealerBj ? (playerBj ? betMinor : 0) : Math.floor((betMinor * 5) / 2);
      settle();
    } else s.phase = 'player';
  };
  const playDealer = () => {
    if (s.hands.some((h) => h.outcome !== 'bust'))
      while (handTotal(s.dealer).total < 17) s.dealer.push(draw());
    const dealer = handTotal(s.dealer).total;
    for (const h of s.hands) {
      if (h.outcome === 'bust') continue;
      h.outcome = dealer > 21 || h.total > dealer ? 'win' : h.total === dealer ? 'push' : 'lose';
      h.payoutMinor = h.outcome === 'win' ? h.stakeMinor * 2 : h.outcome === 'push' ? h.stakeMinor : 0;
    }
    settle();
  };
  const finishHand = () => {
    hand().done = true;
    while (s.active < s.hands.length && hand().done) s.active += 1;
    if (s.active >= s.hands.length) {
      s.active = s.hands.length - 1;
      playDealer();
    }
  };
  const addCard = (h: BlackjackHand) => {
    h.cards.push(draw());
    Object.assign(h, handTotal(h.cards));
    if (h.total > 21) {
      h.outcome = 'bust';
      h.payoutMinor = 0;
    }
  };
  const allowedNow = (): BlackjackAction[] => {
    if (s.phase === 'settled') return [];
    if (s.phase === 'insurance')
      return Math.floor(betMinor / 2) >= 1 ? ['insurance', 'noInsurance'] : ['noInsurance'];
    const h = hand();
    const two = h.cards.length === 2;
    const out: BlackjackAction[] = ['hit', 'stand'];
    if (two) out.push('double');
    if (
      two &&
      s.hands.length === 1 &&
      blackjackValue(h.cards[0] as BlackjackCard) === blackjackValue(h.cards[1] as BlackjackCard)
    )
      out.push('split');
    return out;
  };

  if (up.rank === 1) s.phase = 'insurance';
  else peek();
  for (const a of actionsIn) {
    const action = a as BlackjackAction;
    if (!allowedNow().includes(action))
      throw new FairError(
        'bad_state',
        s.phase === 'settled' ? 'the round is over' : `${String(a)} is not allowed now`,
      );
    s.actions.push(action);
    if (action === 'insurance' || action === 'noInsurance') {
      if (action === 'insurance') {
        s.insuranceMinor = Math.floor(betMinor / 2);
        s.stakeMinor += s.insuranceMinor;
      }
      peek();
      continue;
    }
    const h = hand();
    if (action === 'hit') {
      addCard(h);
      if (h.total >= 21) finishHand();
    } else if (action === 'stand') finishHand();
    else if (action === 'double') {
      s.stakeMinor += h.stakeMinor;
      h.stakeMinor *= 2;
      h.doubled = true;
      addCard(h);
      finishHand();
    } else {
      // Split: each hand takes its second card now, in order.
      const [a1, a2] = h.cards as [BlackjackCard, BlackjackCard];
      s.stakeMinor += betMinor;
      s.hands = [newHand([a1], betMinor, true), newHand([a2], betMinor, true)];
      for (const sh of s.hands) addCard(sh);
      const aces = a1.rank === 1;
      for (const sh of s.hands) if (aces || sh.total === 21) sh.done = true;
      s.active = 0;
      if (hand().done) finishHand();
    }
  }
  s.allowed = allowedNow();
  return s;
};

export type BlackjackInput = RoundSeeds & { betMinor: number; actions: readonly BlackjackAction[] };

/** The round from its seeds and the player's actions so far. */
export const playBlackjack = (input: BlackjackInput): BlackjackState =>
  blackjackRound(input.betMinor, shoeSource(createByteStream(input)), input.actions ?? []);

/**
 * What the player may see of an unsettled round: their hands, the dealer's up card, the stakes
 * and the allowed actions (never the hole card nor the shoe).
 */
export const blackjackView = (s: BlackjackState) =>
  s.phase === 'settled'
    ? s
    : {
        ...s,
        dealer: s.dealer.slice(0, 1),
        dealerTotal: handTotal(s.dealer.slice(0, 1)).total,
      };

export const BLACKJACK_RECORDED_FIELDS = ['hands', 'dealer', 'stakeMinor', 'payoutMinor'] as const;

export const verifyBlackjack = (
  input: Revealed &
    Omit<BlackjackInput, keyof RoundSeeds> & { recorded: Record<string, unknown> | null | undefined },
) =>
  verifyReplay(input, input.recorded, BLACKJACK_RECORDED_FIELDS, () => {
    const s = playBlackjack(input);
    if (s.phase !== 'settled') throw new FairError('bad_state', 'the round is not finished');
    return s;
  });
