import { useTranslation } from 'react-i18next';
import { pocketColor } from './art';

const POCKETS = Array.from({ length: 37 }, (_, n) => n);

/** The betting spots of each game, in the order they are laid out. */
const SPOTS: Record<string, string[]> = {
  baccarat: ['player_pair', 'tie', 'banker_pair', 'player', 'banker'],
  'dragon-tiger': ['dragon', 'tie', 'tiger'],
  'sic-bo': ['small', 'any_triple', 'big'],
  'andar-bahar': ['andar', 'bahar'],
  roulette: ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen-1', 'dozen-2', 'dozen-3'],
};

const PAYS: Record<string, string> = {
  player: '1:1',
  banker: '0.95:1',
  tie: '8:1',
  player_pair: '11:1',
  banker_pair: '11:1',
  dragon: '1:1',
  tiger: '1:1',
  small: '1:1',
  big: '1:1',
  any_triple: '30:1',
  andar: '0.9 / 1:1',
  bahar: '0.9 / 1:1',
  red: '1:1',
  black: '1:1',
  odd: '1:1',
  even: '1:1',
  low: '1:1',
  high: '1:1',
  'dozen-1': '2:1',
  'dozen-2': '2:1',
  'dozen-3': '2:1',
};

const TONE: Record<string, string> = {
  player: 'bg-blue-700/80',
  banker: 'bg-red-700/80',
  dragon: 'bg-red-700/80',
  tiger: 'bg-blue-700/80',
  tie: 'bg-emerald-700/80',
  andar: 'bg-red-700/80',
  bahar: 'bg-blue-700/80',
  red: 'bg-red-700/80',
  black: 'bg-slate-900/80',
};

type Props = {
  game: string;
  enabled: boolean;
  /** Stakes by kind, as text: pending (not sent yet), mine (placed), everyone's. */
  pending: Record<string, string>;
  mine: Record<string, string>;
  totals: Record<string, string>;
  money: (minor: string) => string;
  onSpot: (kind: string) => void;
};

const Spot = ({
  kind,
  label,
  props,
  className,
}: {
  kind: string;
  label: string;
  props: Props;
  className?: string;
}) => (
  <button
    type="button"
    disabled={!props.enabled}
    onClick={() => props.onSpot(kind)}
    data-testid={`spot-${kind}`}
    className={`relative flex min-h-16 flex-col items-center justify-center rounded-xl px-1 py-2 text-white ring-1 ring-amber-200/60 transition enabled:hover:ring-2 enabled:hover:ring-amber-300 disabled:opacity-70 ${TONE[kind] ?? 'bg-emerald-900/70'} ${className ?? ''}`}
  >
    <span className="text-sm font-black leading-tight">{label}</span>
    <span className="text-[10px] font-semibold text-amber-100">{PAYS[kind] ?? '35:1'}</span>
    {props.totals[kind] ? (
      <span className="text-[10px] text-white/80">Σ {props.money(props.totals[kind] ?? '0')}</span>
    ) : null}
    {props.mine[kind] || props.pending[kind] ? (
      <span
        className="absolute -top-2 right-1 rounded-full bg-amber-300 px-1.5 text-[10px] font-black text-slate-900"
        data-testid={`stake-${kind}`}
      >
        {props.money(String(BigInt(props.mine[kind] ?? '0') + BigInt(props.pending[kind] ?? '0')))}
      </span>
    ) : null}
  </button>
);

/** The table's betting layout: tap a spot to put the chosen chip on it. */
export const BetSpots = (props: Props) => {
  const { t } = useTranslation('tables');
  const spots = SPOTS[props.game] ?? [];
  return (
    <div className="space-y-2">
      <div className={`grid gap-2 ${spots.length === 2 ? 'grid-cols-2' : 'grid-cols-3'}`}>
        {spots.map((kind) => (
          <Spot
            key={kind}
            kind={kind}
            label={t(`kind.${kind}`)}
            props={props}
            className={
              props.game === 'baccarat' && (kind === 'player' || kind === 'banker')
                ? 'col-span-1 sm:col-span-1'
                : ''
            }
          />
        ))}
      </div>
      {props.game === 'roulette' ? (
        <div className="grid grid-cols-[repeat(13,minmax(0,1fr))] gap-0.5" data-testid="roulette-numbers">
          {POCKETS.map((n) => (
            <button
              key={n}
              type="button"
              disabled={!props.enabled}
              onClick={() => props.onSpot(`straight-${n}`)}
              data-testid={`spot-straight-${n}`}
              style={{ background: pocketColor(n) }}
              className={`relative h-8 rounded text-[11px] font-bold text-white disabled:opacity-70 ${n === 0 ? 'row-span-1' : ''}`}
            >
              {n}
              {props.mine[`straight-${n}`] || props.pending[`straight-${n}`] ? (
                <span className="absolute -top-1 right-0 h-2.5 w-2.5 rounded-full bg-amber-300" />
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
};
