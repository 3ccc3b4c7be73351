import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/cx';
import { KIND_NUMBERS, quickPick, type SlipLine } from './slip';

export type Selection = SlipLine['selection'];

const chip = (on: boolean) =>
  cx(
    'grid h-9 min-w-9 place-items-center rounded-full px-2 text-sm font-bold tabular-nums ring-1 transition active:scale-95',
    on ? 'bg-brand text-brand-fg ring-brand' : 'bg-surface text-fg/85 ring-line hover:ring-brand',
  );

/** The selection controls of one bet type of one kind. */
export const Picker = ({
  kind,
  betType,
  selection,
  onChange,
}: {
  kind: string;
  betType: string;
  selection: Selection;
  onChange: (next: Selection) => void;
}) => {
  const { t } = useTranslation('lottery');
  const shape = KIND_NUMBERS[kind] ?? { min: 0, max: 9, picks: 0, digits: 0 };
  const numbers = selection.numbers ?? [];

  if (betType === 'pick') {
    const toggle = (n: number) => {
      if (numbers.includes(n)) onChange({ numbers: numbers.filter((x) => x !== n) });
      else if (numbers.length < shape.picks) onChange({ numbers: [...numbers, n].sort((a, b) => a - b) });
    };
    return (
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">{t('pick.count', { count: numbers.length, max: shape.picks })}</span>
          {[1, 3, 5, shape.picks].map((n) => (
            <button
              key={n}
              type="button"
              data-testid={`quick-pick-${n}`}
              onClick={() => onChange({ numbers: quickPick(n, shape.min, shape.max) })}
              className="rounded-full bg-surface-2 px-3 py-1 text-xs font-semibold ring-1 ring-line hover:ring-brand"
            >
              {t('pick.quick', { count: n })}
            </button>
          ))}
          <button
            type="button"
            onClick={() => onChange({ numbers: [] })}
            className="rounded-full px-3 py-1 text-xs text-muted hover:text-fg"
          >
            {t('pick.clear')}
          </button>
        </div>
        <div className="grid grid-cols-8 gap-1.5 sm:grid-cols-10" data-testid="number-grid">
          {Array.from({ length: shape.max - shape.min + 1 }, (_, i) => shape.min + i).map((n) => (
            <button
              key={n}
              type="button"
              data-testid={`number-${n}`}
              aria-pressed={numbers.includes(n)}
              onClick={() => toggle(n)}
              className={chip(numbers.includes(n))}
            >
              {n}
            </button>
          ))}
        </div>
      </div>
    );
  }

  const positions = Array.from({ length: shape.digits }, (_, i) => i + 1);
  const digits = Array.from({ length: 10 }, (_, i) => i);
  const row = (label: string, children: React.ReactNode) => (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="w-20 shrink-0 text-xs font-semibold text-muted">{label}</span>
      {children}
    </div>
  );

  if (betType === 'position' || betType === 'straight') {
    const straight = betType === 'straight';
    return (
      <div className="space-y-2">
        {positions.map((p) =>
          row(
            t('digit.position', { position: p }),
            digits.map((d) => {
              const on = straight ? numbers[p - 1] === d : selection.position === p && numbers[0] === d;
              return (
                <button
                  key={d}
                  type="button"
                  aria-pressed={on}
                  onClick={() => {
                    if (!straight) return onChange({ position: p, numbers: [d] });
                    const next = positions.map((q) => (q === p ? d : (numbers[q - 1] ?? 0)));
                    onChange({ numbers: next });
                  }}
                  className={chip(on)}
                >
                  {d}
                </button>
              );
            }),
          ),
        )}
      </div>
    );
  }

  if (betType === 'bigsmall' || betType === 'oddeven') {
    const sides = betType === 'bigsmall' ? ['big', 'small'] : ['odd', 'even'];
    return (
      <div className="space-y-2">
        {[0, ...positions].map((p) =>
          row(
            p === 0 ? t('digit.sum') : t('digit.position', { position: p }),
            sides.map((side) => (
              <button
                key={side}
                type="button"
                aria-pressed={selection.position === p && selection.side === side}
                onClick={() => onChange({ position: p, side })}
                className={chip(selection.position === p && selection.side === side)}
              >
                {t(`side.${side}`)}
              </button>
            )),
          ),
        )}
      </div>
    );
  }

  if (betType === 'dragontiger') {
    return row(
      t('betType.dragontiger'),
      ['dragon', 'tie', 'tiger'].map((side) => (
        <button
          key={side}
          type="button"
          aria-pressed={selection.side === side}
          onClick={() => onChange({ side })}
          className={chip(selection.side === side)}
        >
          {t(`side.${side}`)}
        </button>
      )),
    );
  }

  // Racing: a car for first place or the top three.
  return row(
    t(`betType.${betType}`),
    Array.from({ length: 10 }, (_, i) => i + 1).map((car) => (
      <button
        key={car}
        type="button"
        aria-pressed={numbers[0] === car}
        onClick={() => onChange({ numbers: [car] })}
        className={chip(numbers[0] === car)}
      >
        {car}
      </button>
    )),
  );
};

/** A selection complete enough to bet on. */
export const isComplete = (kind: string, betType: string, s: Selection) => {
  const shape = KIND_NUMBERS[kind];
  if (betType === 'pick') return (s.numbers?.length ?? 0) >= 1;
  if (betType === 'straight') return (s.numbers?.length ?? 0) === shape?.digits;
  if (betType === 'position') return s.position !== undefined && s.numbers?.length === 1;
  if (betType === 'bigsmall' || betType === 'oddeven') return s.position !== undefined && Boolean(s.side);
  if (betType === 'dragontiger') return Boolean(s.side);
  return s.numbers?.length === 1;
};
