import { VN_BET_SHAPE, type VnBetType } from '@khela/fair';
import { Shuffle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';

/** Distinct random numbers of `digits` digits (a quick pick; the browser's CSPRNG). */
export const quickPick = (count: number, digits: number) => {
  const out = new Set<string>();
  const buf = new Uint32Array(1);
  while (out.size < count) {
    crypto.getRandomValues(buf);
    out.add(String((buf[0] ?? 0) % 10 ** digits).padStart(digits, '0'));
  }
  return [...out];
};

/**
 * Picks the numbers of a bet type: a 00–99 grid for two digits, 0–9 for one; three and four
 * digits are typed. Taps beyond the bet type's count replace the oldest pick.
 */
export const NumberPicker = ({
  betType,
  picks,
  onChange,
}: {
  betType: VnBetType;
  picks: string[];
  onChange: (picks: string[]) => void;
}) => {
  const { t } = useTranslation('vnlottery');
  const shape = VN_BET_SHAPE[betType];
  const toggle = (n: string) => {
    if (picks.includes(n)) onChange(picks.filter((p) => p !== n));
    else onChange([...picks, n].slice(-shape.picks));
  };
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2 text-xs text-muted">
        <span className="flex-1">{t('picker.hint', { count: shape.picks, digits: shape.digits })}</span>
        <button
          type="button"
          data-testid="vn-quick-pick"
          onClick={() => onChange(quickPick(shape.picks, shape.digits))}
          className={buttonClass('outline', 'sm')}
        >
          <Shuffle aria-hidden="true" className="size-3.5" />
          {t('picker.quick')}
        </button>
      </div>
      {shape.digits <= 2 ? (
        <div
          className={cx('grid gap-1', shape.digits === 2 ? 'grid-cols-10' : 'grid-cols-5 sm:grid-cols-10')}
          data-testid="vn-number-grid"
        >
          {Array.from({ length: 10 ** shape.digits }, (_, i) => String(i).padStart(shape.digits, '0')).map(
            (n) => (
              <button
                key={n}
                type="button"
                data-testid={`vn-number-${n}`}
                aria-pressed={picks.includes(n)}
                onClick={() => toggle(n)}
                className={cx(
                  'aspect-square rounded-lg text-xs font-bold tabular-nums sm:text-sm',
                  picks.includes(n) ? 'bg-rose-600 text-white' : 'bg-surface-2 text-fg/80 ring-1 ring-line',
                )}
              >
                {n}
              </button>
            ),
          )}
        </div>
      ) : (
        <input
          data-testid="vn-number-input"
          inputMode="numeric"
          maxLength={shape.digits}
          placeholder={'0'.repeat(shape.digits)}
          value={picks[0] ?? ''}
          aria-label={t('picker.type', { digits: shape.digits })}
          onChange={(e) => {
            const v = e.target.value.replace(/[^0-9]/g, '').slice(0, shape.digits);
            onChange(v ? [v] : []);
          }}
          className="w-40 rounded-xl bg-surface-2 px-3 py-2 font-mono text-lg tracking-widest ring-1 ring-line"
        />
      )}
    </div>
  );
};

export const isComplete = (betType: VnBetType, picks: string[]) => {
  const shape = VN_BET_SHAPE[betType];
  return picks.length === shape.picks && picks.every((p) => p.length === shape.digits);
};
