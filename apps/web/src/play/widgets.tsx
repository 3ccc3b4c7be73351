import { Minus, Plus } from 'lucide-react';
import { useEffect } from 'react';
import type { SlotBoot } from './types';

export type Banner = {
  kind: 'win' | 'big' | 'free' | 'jackpot';
  amountMinor: number;
  spins?: number;
  key: number;
};

export const Stat = ({
  label,
  value,
  minor,
  testId,
  accent,
}: {
  label: string;
  value: string;
  minor: number;
  testId: string;
  accent?: boolean;
}) => (
  <div className="min-w-0">
    <div className="text-[0.65rem] font-semibold uppercase opacity-60">{label}</div>
    <div
      data-testid={testId}
      data-minor={minor}
      className={`truncate text-sm font-bold tabular-nums sm:text-base ${accent ? 'text-amber-300' : ''}`}
    >
      {value}
    </div>
  </div>
);

export const IconButton = ({
  label,
  onClick,
  children,
  pressed,
  disabled,
  testId,
  small,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  testId?: string;
  small?: boolean;
}) => (
  <button
    type="button"
    aria-label={label}
    title={label}
    aria-pressed={pressed}
    disabled={disabled}
    data-testid={testId}
    onClick={onClick}
    className={`grid ${small ? 'size-8' : 'size-10'} shrink-0 place-items-center rounded-full bg-white/10 ring-1 ring-white/15 transition hover:bg-white/20 active:scale-95 disabled:opacity-35`}
  >
    {children}
  </button>
);

export const WinBanner = ({
  banner,
  money,
  t,
  onDone,
}: {
  banner: Banner;
  money: (minor: number) => string;
  t: SlotBoot['t'];
  onDone: () => void;
}) => {
  useEffect(() => {
    const ms = banner.kind === 'win' ? 1600 : 3200;
    const timer = window.setTimeout(onDone, ms);
    return () => window.clearTimeout(timer);
  }, [banner, onDone]);
  const title =
    banner.kind === 'jackpot'
      ? t('banner.jackpot')
      : banner.kind === 'free'
        ? t('banner.freeSpins', { count: banner.spins ?? 0 })
        : banner.kind === 'big'
          ? t('banner.bigWin')
          : t('banner.win');
  return (
    <div
      key={banner.key}
      data-testid="play-banner"
      data-kind={banner.kind}
      className="pointer-events-none absolute inset-0 grid place-items-center"
    >
      <div className="play-pop rounded-3xl bg-black/55 px-6 py-3 text-center shadow-2xl ring-1 ring-amber-300/40 backdrop-blur-sm">
        <div
          className={`font-black tracking-wide uppercase ${banner.kind === 'win' ? 'text-lg text-amber-200' : 'play-shine text-2xl sm:text-4xl'}`}
        >
          {title}
        </div>
        {banner.amountMinor > 0 ? (
          <div className="mt-1 text-xl font-black text-white tabular-nums sm:text-3xl">
            {money(banner.amountMinor)}
          </div>
        ) : null}
      </div>
    </div>
  );
};

/** The stake row of the in-house games: a step down, the stake, a step up through `levels`. */
export const BetStepper = ({
  labels,
  value,
  minor,
  levels,
  setBetIndex,
  disabled,
}: {
  labels: { down: string; bet: string; up: string };
  value: string;
  minor: number;
  levels: number;
  setBetIndex: (next: (index: number) => number) => void;
  disabled?: boolean;
}) => (
  <>
    <IconButton
      label={labels.down}
      onClick={() => setBetIndex((i) => Math.max(0, i - 1))}
      disabled={disabled}
    >
      <Minus className="size-4" />
    </IconButton>
    <Stat label={labels.bet} value={value} minor={minor} testId="engine-bet" />
    <IconButton
      label={labels.up}
      onClick={() => setBetIndex((i) => Math.min(levels - 1, i + 1))}
      disabled={disabled}
    >
      <Plus className="size-4" />
    </IconButton>
  </>
);
