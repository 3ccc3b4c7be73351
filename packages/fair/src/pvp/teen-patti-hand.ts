/**
 * One Teen Patti hand as a pure state machine (issue 22, docs/decisions/042-pvp-rooms.md): the
 * server stores the state, applies each player's action and posts the money the answer names.
 *
 * - Deal: three cards each from one deck shuffled by the hand's provably fair stream
 *   (`dealTeenPatti`: HMAC stream of server seed, client seed `pvp-<table>`, nonce = hand number).
 * - Boot: every player puts the boot in; the player after the dealer acts first.
 * - Bets: a blind player bets 1–2× the stake, a seen player 2–4× (`betLimits`), capped by what is
 *   left under the pot limit; the stake becomes the bet (a seen bet counts half, `stakeAfter`).
 *   A player who cannot pay the least bet may only pack (or ask a show).
 * - Show: only when two players are left; the asker pays the least bet, the asker loses a tie.
 * - Side-show: a seen asker with a seen previous player, three or more left; the asker pays the
 *   least bet, the previous player accepts (the lower hand packs; the asker loses a tie) or refuses.
 * - Pot limit: when the pot reaches it, every player left shows; the best hand takes the pot
 *   (equal best hands split it, the odd minor units to the first in turn order).
 * - Pack (also out of turn: a player leaving), and the turn timer: an expired turn packs (or
 *   refuses a pending side-show).
 * - End: the rake is `min(pot × rakeBp / 10000, rakeCap)` floored; payouts + rake = pot exactly.
 */
import { dealFromShoe } from '../live/cards';
import { createByteStream } from '../rng';
import { type A23Rule, betLimits, handScore, showWinner, stakeAfter } from './teen-patti';

export type TeenPattiRule = {
  bootMinor: bigint;
  potLimitMinor: bigint;
  /** Rake in basis points of the pot (500 = 5 %), and its cap. */
  rakeBp: number;
  rakeCapMinor: bigint;
  a23: A23Rule;
};

export type TeenPattiPlayer = {
  seatNo: number;
  cards: [number, number, number];
  seen: boolean;
  packed: boolean;
  /** What the player has put in the pot this hand, and what they have left at the table. */
  inMinor: bigint;
  stackMinor: bigint;
};

export type TeenPattiHand = {
  rule: TeenPattiRule;
  players: TeenPattiPlayer[];
  /** Index in `players` of the player to act (the asked player while a side-show waits). */
  turn: number;
  stakeMinor: bigint;
  potMinor: bigint;
  sideShow: { from: number; to: number } | null;
  ended: {
    reason: 'last' | 'show' | 'pot-limit';
    winners: number[];
    payouts: bigint[];
    rakeMinor: bigint;
  } | null;
};

export type TeenPattiAction =
  | { type: 'see' }
  | { type: 'bet'; amountMinor: bigint }
  | { type: 'pack' }
  | { type: 'show' }
  | { type: 'sideshow' }
  | { type: 'sideshow-answer'; accept: boolean }
  | { type: 'timeout' };

/** A refused action: the code is an error code of the server's catalogue. */
export class TeenPattiError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** What an action did: each player's chips put into the pot (index → amount) and whether the hand ended. */
export type TeenPattiStep = { hand: TeenPattiHand; paid: { index: number; amountMinor: bigint }[] };

/** Deals `players` × 3 cards from one deck shuffled by the hand's stream. */
export const dealTeenPatti = (
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  players: number,
): [number, number, number][] => {
  const dealt = dealFromShoe(createByteStream(seeds), 52, players * 3);
  return Array.from(
    { length: players },
    (_, i) => [dealt[i * 3], dealt[i * 3 + 1], dealt[i * 3 + 2]] as [number, number, number],
  );
};

const active = (hand: TeenPattiHand) => hand.players.map((p, i) => (p.packed ? -1 : i)).filter((i) => i >= 0);

const nextActive = (hand: TeenPattiHand, from: number) => {
  for (let k = 1; k <= hand.players.length; k++) {
    const i = (from + k) % hand.players.length;
    if (!hand.players[i]?.packed) return i;
  }
  return from;
};

const previousActive = (hand: TeenPattiHand, from: number) => {
  for (let k = 1; k <= hand.players.length; k++) {
    const i = (from - k + hand.players.length) % hand.players.length;
    if (!hand.players[i]?.packed) return i;
  }
  return from;
};

const scoreOf = (hand: TeenPattiHand, i: number) =>
  handScore((hand.players[i] as TeenPattiPlayer).cards, hand.rule.a23);

/** The rake of a pot under the rule: floored, at most the cap. */
export const rakeOf = (pot: bigint, rule: Pick<TeenPattiRule, 'rakeBp' | 'rakeCapMinor'>) => {
  const rake = (pot * BigInt(rule.rakeBp)) / 10_000n;
  return rake < rule.rakeCapMinor ? rake : rule.rakeCapMinor;
};

const finish = (hand: TeenPattiHand, reason: 'last' | 'show' | 'pot-limit', winners: number[]) => {
  const rake = rakeOf(hand.potMinor, hand.rule);
  const share = (hand.potMinor - rake) / BigInt(winners.length);
  const odd = hand.potMinor - rake - share * BigInt(winners.length);
  const payouts = hand.players.map(() => 0n);
  winners.forEach((w, k) => {
    payouts[w] = share + (k === 0 ? odd : 0n);
  });
  hand.players.forEach((p, i) => {
    p.stackMinor += payouts[i] as bigint;
  });
  hand.ended = { reason, winners, payouts, rakeMinor: rake };
  hand.sideShow = null;
};

/** The least bet the player to act may make now and the most (null: they cannot bet). */
export const limitsFor = (hand: TeenPattiHand, index: number) => {
  const p = hand.players[index] as TeenPattiPlayer;
  const { min, max } = betLimits(hand.stakeMinor, p.seen, hand.potMinor, hand.rule.potLimitMinor);
  let top = max;
  if (p.stackMinor < top) top = p.stackMinor;
  return { min, max: top, canBet: min > 0n && p.stackMinor >= min };
};

/** Starts a hand: deals, takes the boot from everyone; `first` is the index that acts first. */
export const startTeenPatti = (
  rule: TeenPattiRule,
  seats: { seatNo: number; stackMinor: bigint }[],
  cards: [number, number, number][],
  first: number,
): TeenPattiStep => {
  if (seats.length < 2) throw new TeenPattiError('pvp.players.short');
  const players = seats.map((s, i) => {
    if (s.stackMinor < rule.bootMinor) throw new TeenPattiError('pvp.chips.short');
    return {
      seatNo: s.seatNo,
      cards: cards[i] as [number, number, number],
      seen: false,
      packed: false,
      inMinor: rule.bootMinor,
      stackMinor: s.stackMinor - rule.bootMinor,
    };
  });
  const hand: TeenPattiHand = {
    rule,
    players,
    turn: first % players.length,
    stakeMinor: rule.bootMinor,
    potMinor: rule.bootMinor * BigInt(players.length),
    sideShow: null,
    ended: null,
  };
  return { hand, paid: players.map((_, index) => ({ index, amountMinor: rule.bootMinor })) };
};

const pay = (hand: TeenPattiHand, index: number, amount: bigint) => {
  const p = hand.players[index] as TeenPattiPlayer;
  p.stackMinor -= amount;
  p.inMinor += amount;
  hand.potMinor += amount;
};

const packAndPass = (hand: TeenPattiHand, index: number) => {
  (hand.players[index] as TeenPattiPlayer).packed = true;
  const left = active(hand);
  if (left.length === 1) finish(hand, 'last', left);
  else hand.turn = nextActive(hand, index);
};

const resolveSideShow = (hand: TeenPattiHand, accept: boolean) => {
  const ask = hand.sideShow;
  if (!ask) throw new TeenPattiError('pvp.action.invalid');
  hand.sideShow = null;
  if (accept) {
    const loser = showWinner(scoreOf(hand, ask.from), scoreOf(hand, ask.to)) === 'asker' ? ask.to : ask.from;
    (hand.players[loser] as TeenPattiPlayer).packed = true;
  }
  hand.turn = nextActive(hand, ask.from);
};

/**
 * Applies one action of the player at `index` (a copy of the hand is changed and answered; the
 * input is left as it was). Refuses with a `TeenPattiError` what the rules do not allow.
 */
export const actTeenPatti = (input: TeenPattiHand, index: number, action: TeenPattiAction): TeenPattiStep => {
  const hand = structuredClone(input);
  const paid: TeenPattiStep['paid'] = [];
  if (hand.ended) throw new TeenPattiError('pvp.hand.over');
  const me = hand.players[index];
  if (!me || me.packed) throw new TeenPattiError('pvp.not.playing');
  if (action.type === 'see') {
    me.seen = true;
    return { hand, paid };
  }
  if (action.type === 'pack' && index !== hand.turn) {
    // Packing out of turn (leaving the table): a side-show waiting on this player is dropped.
    me.packed = true;
    if (hand.sideShow && (hand.sideShow.from === index || hand.sideShow.to === index)) {
      hand.turn = nextActive(hand, hand.sideShow.from);
      hand.sideShow = null;
    }
    const left = active(hand);
    if (left.length === 1) finish(hand, 'last', left);
    return { hand, paid };
  }
  if (index !== hand.turn) throw new TeenPattiError('pvp.not.your.turn');
  if (hand.sideShow) {
    if (action.type === 'sideshow-answer') resolveSideShow(hand, action.accept);
    else if (action.type === 'timeout') resolveSideShow(hand, false);
    else throw new TeenPattiError('pvp.action.invalid');
    return { hand, paid };
  }
  const left = active(hand);
  const { min, max, canBet } = limitsFor(hand, index);
  switch (action.type) {
    case 'pack':
    case 'timeout':
      packAndPass(hand, index);
      break;
    case 'bet': {
      if (!canBet || action.amountMinor < min || action.amountMinor > max)
        throw new TeenPattiError('pvp.bet.out.of.range');
      pay(hand, index, action.amountMinor);
      paid.push({ index, amountMinor: action.amountMinor });
      hand.stakeMinor = stakeAfter(action.amountMinor, me.seen);
      if (hand.potMinor >= hand.rule.potLimitMinor) {
        const scores = left.map((i) => scoreOf(hand, i));
        const best = Math.max(...scores);
        // Winners in turn order from the bettor's next player.
        const order = left
          .map((i) => ({ i, k: (i - index - 1 + hand.players.length) % hand.players.length }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.i);
        finish(
          hand,
          'pot-limit',
          order.filter((i) => scoreOf(hand, i) === best),
        );
      } else hand.turn = nextActive(hand, index);
      break;
    }
    case 'show': {
      if (left.length !== 2) throw new TeenPattiError('pvp.show.not.allowed');
      let cost = min;
      if (me.stackMinor < cost) cost = me.stackMinor;
      if (cost > 0n) {
        pay(hand, index, cost);
        paid.push({ index, amountMinor: cost });
      }
      const other = left.find((i) => i !== index) as number;
      const winner = showWinner(scoreOf(hand, index), scoreOf(hand, other)) === 'asker' ? index : other;
      finish(hand, 'show', [winner]);
      break;
    }
    case 'sideshow': {
      const previous = previousActive(hand, index);
      if (left.length < 3 || !me.seen || !hand.players[previous]?.seen)
        throw new TeenPattiError('pvp.sideshow.not.allowed');
      if (!canBet) throw new TeenPattiError('pvp.bet.out.of.range');
      pay(hand, index, min);
      paid.push({ index, amountMinor: min });
      hand.stakeMinor = stakeAfter(min, true);
      hand.sideShow = { from: index, to: previous };
      hand.turn = previous;
      break;
    }
    default:
      throw new TeenPattiError('pvp.action.invalid');
  }
  return { hand, paid };
};
