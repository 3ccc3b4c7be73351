import { beadPlate, bigRoad, ROAD_ROWS } from '@khela/fair';
import { useTranslation } from 'react-i18next';

const COLOR: Record<string, string> = { P: '#1d4ed8', B: '#b91c1c', T: '#15803d' };
const CELL = 16;

/** Baccarat's bead plate and big road, drawn in SVG from the table's results (oldest first). */
export const BaccaratRoads = ({ history }: { history: string[] }) => {
  const { t } = useTranslation('tables');
  const beads = beadPlate(history.slice(-ROAD_ROWS * 12));
  const road = bigRoad(history);
  const roadCols = Math.max(12, ...road.map((c) => c.col + 1));
  const roadShown = road.filter((c) => c.col >= roadCols - 24);
  const firstCol = Math.max(0, roadCols - 24);
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <figure className="rounded-xl bg-white p-1.5 ring-1 ring-line" data-testid="bead-plate">
        <figcaption className="px-1 text-[11px] font-bold text-slate-600">{t('road.bead')}</figcaption>
        <svg
          viewBox={`0 0 ${12 * CELL} ${ROAD_ROWS * CELL}`}
          className="w-full"
          role="img"
          aria-label={t('road.bead')}
        >
          {beads.map((b) => (
            <g key={`${b.col}-${b.row}`}>
              <circle
                cx={b.col * CELL + CELL / 2}
                cy={b.row * CELL + CELL / 2}
                r={CELL / 2 - 1.5}
                fill={COLOR[b.code] ?? '#64748b'}
              />
              <text
                x={b.col * CELL + CELL / 2}
                y={b.row * CELL + CELL / 2 + 3.5}
                textAnchor="middle"
                fontSize="9"
                fontWeight="800"
                fill="#fff"
              >
                {t(`code.baccarat.${b.code}`)}
              </text>
            </g>
          ))}
        </svg>
      </figure>
      <figure className="rounded-xl bg-white p-1.5 ring-1 ring-line" data-testid="big-road">
        <figcaption className="px-1 text-[11px] font-bold text-slate-600">{t('road.big')}</figcaption>
        <svg
          viewBox={`0 0 ${24 * (CELL / 2 + 2)} ${ROAD_ROWS * (CELL / 2 + 2)}`}
          className="w-full"
          role="img"
          aria-label={t('road.big')}
        >
          {roadShown.map((c) => {
            const size = CELL / 2 + 2;
            const cx = (c.col - firstCol) * size + size / 2;
            const cy = c.row * size + size / 2;
            return (
              <g key={`${c.col}-${c.row}`}>
                <circle
                  cx={cx}
                  cy={cy}
                  r={size / 2 - 1.2}
                  fill="none"
                  stroke={COLOR[c.code] ?? '#64748b'}
                  strokeWidth="1.6"
                />
                {c.ties > 0 ? (
                  <line x1={cx - 3} y1={cy + 3} x2={cx + 3} y2={cy - 3} stroke={COLOR.T} strokeWidth="1.6" />
                ) : null}
              </g>
            );
          })}
        </svg>
      </figure>
    </div>
  );
};
