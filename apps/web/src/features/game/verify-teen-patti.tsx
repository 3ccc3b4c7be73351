import { verifyTeenPattiDeal } from '@khela/fair';
import { useTranslation } from 'react-i18next';
import { TeenPattiCard } from '../../shared/ui/playing-card';

/**
 * The `/verify` engine `teen-patti` (ADR 060): a PvP Teen Patti deal recomputed in the browser
 * with `@khela/fair`'s `dealTeenPatti` from the revealed server seed, the client seed
 * (`pvp-<table>`), the hand number (nonce) and the seats dealt in. Parameters:
 * `{"seats":[1,3,4]}` (the seat numbers in deal order, as the room's fairness box links them) or
 * `{"players":3}`; recorded, optionally: `{"cards":[[…],null,[…]]}` (the cards seen per player).
 */

export type TeenPattiDeal = { seatNos: number[]; hands: [number, number, number][]; compared: number };

type Json = Record<string, unknown> | null;

const seatsOf = (params: Json): number[] | null => {
  const seats = params?.seats;
  if (Array.isArray(seats) && seats.every((s) => Number.isInteger(s))) return seats as number[];
  const players = params?.players;
  if (typeof players === 'number' && Number.isInteger(players) && players > 0 && players <= 52)
    return Array.from({ length: players }, (_, i) => i + 1);
  return null;
};

export const verifyTeenPatti = (
  seeds: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number },
  params: Json,
  recorded: Json,
) => {
  const seatNos = seatsOf(params);
  const cards = Array.isArray(recorded?.cards) ? (recorded.cards as (number[] | null)[]) : undefined;
  const answer = verifyTeenPattiDeal({
    ...seeds,
    players: seatNos?.length ?? 0,
    recorded: cards ? { cards } : null,
  });
  const deal: TeenPattiDeal | null =
    answer.hands && seatNos ? { seatNos, hands: answer.hands, compared: answer.compared } : null;
  return {
    ok: answer.ok,
    commitmentOk: answer.commitmentOk,
    outcomeOk: answer.outcomeOk,
    mismatches: answer.mismatches,
    missing: answer.missing,
    error: answer.error,
    deal,
  };
};

/** Every seat's three cards, in deal order, drawn with the tables' card art. */
export const TeenPattiDealView = ({ deal }: { deal: TeenPattiDeal }) => {
  const { t } = useTranslation('game');
  return (
    <div
      className="mt-3 space-y-2 rounded-2xl bg-black/5 p-3 dark:bg-white/5"
      data-testid="verify-teen-patti"
    >
      <p className="text-xs font-semibold">{t('verify.teenPatti.title')}</p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {deal.hands.map((hand, i) => (
          <li
            key={deal.seatNos[i] ?? i}
            className="rounded-xl bg-surface p-2 text-fg ring-1 ring-line"
            data-testid="verify-teen-patti-seat"
            data-seat={deal.seatNos[i]}
            data-cards={hand.join(',')}
          >
            <p className="mb-1 text-xs font-bold">{t('verify.teenPatti.seat', { seat: deal.seatNos[i] })}</p>
            <div className="flex gap-1">
              {hand.map((card) => (
                <TeenPattiCard key={card} card={card} small />
              ))}
            </div>
          </li>
        ))}
      </ul>
      <p className="text-xs">
        {deal.compared > 0
          ? t('verify.teenPatti.compared', { count: deal.compared })
          : t('verify.teenPatti.nothingRecorded')}
      </p>
    </div>
  );
};
