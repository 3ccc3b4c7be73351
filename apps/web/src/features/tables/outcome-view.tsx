import { useTranslation } from 'react-i18next';
import { type CardFace, Die, PlayingCard, RoulettePocket } from './art';
import { positioned } from './positions';

type Outcome = Record<string, unknown> | null;

/** Every field a dealt outcome may carry (the game says which). */
type Dealt = {
  winner?: string;
  player?: CardFace[];
  banker?: CardFace[];
  playerTotal?: number;
  bankerTotal?: number;
  dragon?: CardFace;
  tiger?: CardFace;
  joker?: CardFace;
  andar?: CardFace[];
  bahar?: CardFace[];
  dice?: number[];
  total?: number;
  pocket?: number;
};

const Hand = ({
  label,
  cards,
  total,
  win,
}: {
  label: string;
  cards: CardFace[];
  total?: number;
  win: boolean;
}) => (
  <div
    className={`flex flex-col items-center gap-1 rounded-2xl px-2 py-1.5 ${win ? 'bg-amber-300/25 ring-2 ring-amber-300' : ''}`}
  >
    <span className="text-xs font-black uppercase tracking-wide text-amber-100">
      {label}
      {total === undefined ? '' : ` · ${total}`}
    </span>
    <div className="flex min-h-[74px] gap-1">
      {cards.length === 0 ? (
        <PlayingCard card={null} />
      ) : (
        positioned(cards).map(({ item, at }) => <PlayingCard key={at} card={item} delayMs={at * 350} />)
      )}
    </div>
  </div>
);

/** The dealt result of a round, drawn for its game (backs of cards while the round is open). */
export const OutcomeView = ({ game, outcome }: { game: string; outcome: Outcome }) => {
  const { t } = useTranslation('tables');
  const o = outcome as Dealt | null;
  if (game === 'baccarat') {
    const winner = o?.winner;
    return (
      <div className="flex justify-center gap-3" data-testid="live-outcome" data-winner={winner ?? ''}>
        <Hand
          label={t('kind.player')}
          cards={o?.player ?? []}
          total={o?.playerTotal}
          win={winner === 'player'}
        />
        <Hand
          label={t('kind.banker')}
          cards={o?.banker ?? []}
          total={o?.bankerTotal}
          win={winner === 'banker'}
        />
      </div>
    );
  }
  if (game === 'dragon-tiger') {
    const winner = o?.winner;
    return (
      <div className="flex justify-center gap-6" data-testid="live-outcome" data-winner={winner ?? ''}>
        <Hand label={t('kind.dragon')} cards={o?.dragon ? [o.dragon] : []} win={winner === 'dragon'} />
        <Hand label={t('kind.tiger')} cards={o?.tiger ? [o.tiger] : []} win={winner === 'tiger'} />
      </div>
    );
  }
  if (game === 'andar-bahar') {
    const winner = o?.winner;
    const andar = (o?.andar ?? []).slice(-4);
    const bahar = (o?.bahar ?? []).slice(-4);
    return (
      <div className="flex flex-col items-center gap-2" data-testid="live-outcome" data-winner={winner ?? ''}>
        <div className="flex items-center gap-2 text-xs font-bold text-amber-100">
          {t('joker')} <PlayingCard card={o?.joker ?? null} small />
        </div>
        <div className="flex gap-3">
          <Hand label={t('kind.andar')} cards={andar} win={winner === 'andar'} />
          <Hand label={t('kind.bahar')} cards={bahar} win={winner === 'bahar'} />
        </div>
      </div>
    );
  }
  if (game === 'sic-bo') {
    const dice = o?.dice ?? [];
    return (
      <div
        className="flex flex-col items-center gap-1"
        data-testid="live-outcome"
        data-winner={o ? String(o.total) : ''}
      >
        <div className="flex min-h-[46px] gap-2">
          {positioned(dice).map(({ item, at }) => (
            <Die key={at} face={item} delayMs={at * 250} />
          ))}
        </div>
        {o ? (
          <span className="text-sm font-black text-amber-100">{t('total', { total: o.total })}</span>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex justify-center" data-testid="live-outcome" data-winner={o ? String(o.pocket) : ''}>
      <RoulettePocket pocket={o?.pocket ?? null} />
    </div>
  );
};
