import type { Theme } from '@khela/fair';
import type { Value } from './api';
import type { Translate } from './i18n';
import { type Money, Sheet } from './sheet';

/** Pays at the current bet: symbol pays for 3, 4 and 5, the scatter, free spins and the jackpot. */
export const PaytablePanel = ({
  t,
  theme,
  money,
  bet,
  jackpot,
  onClose,
}: {
  t: Translate;
  theme: Theme;
  money: Money;
  bet: number;
  jackpot: Value<'slotInit'>['jackpot'];
  onClose: () => void;
}) => {
  const table = theme.paytable;
  const coin = bet / 20;
  const paying = theme.symbols.filter((symbol) => symbol.kind === 'high' || symbol.kind === 'low');
  const wild = theme.symbols.find((symbol) => symbol.kind === 'wild');
  const scatter = theme.symbols.find((symbol) => symbol.kind === 'scatter');
  return (
    <Sheet title={t('paytable.title')} onClose={onClose} testId="play-paytable-panel">
      <div className="space-y-4">
        <p className="text-xs text-white/70">
          {table.layout === 'ways' ? t('paytable.ways') : t('paytable.lines')} ·{' '}
          {t(`paytable.volatility.${table.volatility}`)}
        </p>
        <div className="grid grid-cols-2 gap-2">
          {paying.map((symbol) => (
            <div key={symbol.id} className="flex items-center gap-2 rounded-2xl bg-white/5 p-2">
              <span
                className="grid size-11 shrink-0 place-items-center rounded-xl text-2xl"
                style={{ background: symbol.color }}
              >
                {symbol.glyph}
              </span>
              <span className="text-[0.7rem] leading-tight tabular-nums">
                {[5, 4, 3].map((count) => (
                  <span key={count} className="block">
                    <span className="text-white/50">{count}×</span>{' '}
                    {money(Math.round((table.pays[symbol.id]?.[count] ?? 0) * coin))}
                  </span>
                ))}
              </span>
            </div>
          ))}
        </div>
        {wild ? (
          <p className="flex items-center gap-2 text-xs text-white/80">
            <span className="text-2xl">{wild.glyph}</span> {t('paytable.wild')}
          </p>
        ) : null}
        {scatter ? (
          <div className="space-y-1 text-xs text-white/80">
            <p className="flex items-center gap-2">
              <span className="text-2xl">{scatter.glyph}</span>
              {t('paytable.scatter', {
                three: money(Math.round((table.scatterPays[3] ?? 0) * coin)),
                spins: table.freeSpins[3] ?? 0,
                multiplier: table.freeSpinMultiplier,
              })}
            </p>
          </div>
        ) : null}
        {jackpot.enabled ? (
          <p className="rounded-2xl bg-amber-400/10 p-3 text-xs text-amber-100">
            {theme.jackpotGlyph} {t('paytable.jackpot', { pool: `${jackpot.currency} ${jackpot.pool}` })}
          </p>
        ) : null}
      </div>
    </Sheet>
  );
};
