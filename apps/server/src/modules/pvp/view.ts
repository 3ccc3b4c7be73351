import type { PvpActionType, PvpState } from '@khela/contract';
import { limitsFor, type TeenPattiHand, type TeenPattiPlayer } from '@khela/fair';
import { maskName } from '../tables';
import type { HandRow, SeatRow } from './store';
import { type Tier, tierView } from './tiers';

/** The moves the player at `index` may make now. */
const movesOf = (game: TeenPattiHand, index: number): PvpActionType[] => {
  const me = game.players[index];
  if (!me || me.packed || game.ended) return [];
  const moves: PvpActionType[] = me.seen ? ['pack'] : ['see', 'pack'];
  if (game.turn !== index) return moves;
  if (game.sideShow) return ['accept', 'deny'];
  const left = game.players.filter((p) => !p.packed);
  const { canBet } = limitsFor(game, index);
  if (canBet) moves.push('bet');
  if (left.length === 2) moves.push('show');
  const n = game.players.length;
  let previous = index;
  for (let k = 1; k < n; k++) {
    const i = (index - k + n) % n;
    if (!game.players[i]?.packed) {
      previous = i;
      break;
    }
  }
  if (left.length >= 3 && me.seen && game.players[previous]?.seen && canBet) moves.push('sideshow');
  return moves;
};

/** Cards a viewer may see: their own once seen; at a show's end every hand still in. */
const cardsFor = (game: TeenPattiHand, p: TeenPattiPlayer, mine: boolean) => {
  if (mine && (p.seen || game.ended)) return [...p.cards];
  if (game.ended && game.ended.reason !== 'last' && !p.packed) return [...p.cards];
  return null;
};

export const stateView = (
  input: {
    tableId: string;
    tier: Tier;
    seats: SeatRow[];
    hand: HandRow | undefined;
    memberId: number | null;
  },
  now: Date,
): PvpState => {
  const { hand, memberId } = input;
  const game = hand?.game;
  const indexOf = (seatNo: number) => hand?.members.findIndex((m) => m.seatNo === seatNo) ?? -1;
  const myIndex = hand && memberId !== null ? hand.members.findIndex((m) => m.memberId === memberId) : -1;
  const mySeat = input.seats.find((s) => s.memberId === memberId);
  const seatNoAt = (index: number) => hand?.members[index]?.seatNo ?? null;
  const limits =
    game && myIndex >= 0 && !game.ended && game.turn === myIndex ? limitsFor(game, myIndex) : null;
  return {
    serverTime: now.getTime(),
    tableId: input.tableId,
    tier: tierView(input.tier),
    mySeatNo: mySeat?.seatNo ?? null,
    seats: input.seats.map((s) => {
      const i = indexOf(s.seatNo);
      const p = game && i >= 0 && hand?.members[i]?.memberId === s.memberId ? game.players[i] : undefined;
      const mine = s.memberId === memberId;
      return {
        seatNo: s.seatNo,
        name: mine ? s.nickname : maskName(s.nickname),
        chipsMinor: String(s.chipsMinor),
        connected: s.connections > 0,
        me: mine,
        inHand: p !== undefined,
        inMinor: String(p?.inMinor ?? 0n),
        seen: p?.seen ?? false,
        packed: p?.packed ?? false,
        cards: game && p ? cardsFor(game, p, mine) : null,
      };
    }),
    hand:
      hand && game
        ? {
            handNo: hand.handNo,
            commitment: hand.commitment,
            clientSeed: hand.clientSeed,
            serverSeed: game.ended ? hand.serverSeed : null,
            dealtSeatNos: hand.members.map((m) => m.seatNo),
            potMinor: String(game.potMinor),
            stakeMinor: String(game.stakeMinor),
            turnSeatNo: game.ended ? null : seatNoAt(game.turn),
            turnDeadline: game.ended || !hand.turnDeadline ? null : hand.turnDeadline.getTime(),
            sideShow: game.sideShow
              ? { fromSeatNo: seatNoAt(game.sideShow.from) ?? 0, toSeatNo: seatNoAt(game.sideShow.to) ?? 0 }
              : null,
            ended: game.ended
              ? {
                  reason: game.ended.reason,
                  winnerSeatNos: game.ended.winners.map((w) => seatNoAt(w) ?? 0),
                  payouts: Object.fromEntries(
                    game.ended.payouts.map((amount, i) => [String(seatNoAt(i)), String(amount)]),
                  ),
                  rakeMinor: String(game.ended.rakeMinor),
                }
              : null,
            moves: myIndex >= 0 ? movesOf(game, myIndex) : [],
            minBetMinor: limits?.canBet ? String(limits.min) : null,
            maxBetMinor: limits?.canBet ? String(limits.max) : null,
          }
        : null,
  };
};
