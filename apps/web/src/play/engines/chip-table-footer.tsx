import { BetStepper, Stat } from '../widgets';

type Text = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The footer of the chip tables (baccarat, dragon tiger, roulette, sic bo): the chip stepper, the
 * stake on the table, "clear" and the play button, and the round's nonce and commitment.
 * `testPrefix` names the stake and clear controls (`bac-stake`, `dt-clear`…).
 */
export const ChipTableFooter = ({
  t,
  tr,
  money,
  testPrefix,
  chip,
  chips,
  levels,
  setChipIndex,
  busy,
  onClear,
  onPlay,
  playLabel,
  round,
}: {
  /** The game texts (`betDown`, `betUp`) and the table texts (`engine.*`). */
  t: Text;
  tr: Text;
  money: (minor: number) => string;
  testPrefix: string;
  chip: number;
  chips: number;
  levels: number;
  setChipIndex: (next: (index: number) => number) => void;
  busy: boolean;
  onClear: () => void;
  onPlay: () => void;
  playLabel: string;
  round: { roundId: string; nonce: number; commitment: string } | null;
}) => (
  <footer className="grid gap-3 px-4 pb-5 pt-3 sm:mx-auto sm:w-full sm:max-w-xl">
    <div className="flex flex-wrap items-center gap-3">
      <BetStepper
        labels={{ down: t('betDown'), bet: tr('chip'), up: t('betUp') }}
        value={money(chip)}
        minor={chip}
        levels={levels}
        setBetIndex={setChipIndex}
        disabled={busy}
      />
      <Stat
        label={tr('stake')}
        value={money(chip * chips)}
        minor={chip * chips}
        testId={`${testPrefix}-stake`}
      />
      <div className="ml-auto flex gap-2">
        <button
          type="button"
          data-testid={`${testPrefix}-clear`}
          disabled={busy || chips === 0}
          onClick={onClear}
          className="rounded-xl bg-white/10 px-4 py-3 font-bold disabled:opacity-40"
        >
          {tr('clear')}
        </button>
        <button
          type="button"
          data-testid="engine-play"
          disabled={busy || chips === 0}
          onClick={onPlay}
          className="rounded-xl bg-amber-400 px-6 py-3 font-bold text-slate-950 disabled:opacity-40"
        >
          {playLabel}
        </button>
      </div>
    </div>
    {round ? (
      <p
        className="truncate text-center text-[0.65rem] opacity-50"
        data-testid="engine-round"
        data-round={round.roundId}
      >
        {tr('nonce', { nonce: round.nonce, commitment: round.commitment.slice(0, 12) })}
      </p>
    ) : null}
  </footer>
);
