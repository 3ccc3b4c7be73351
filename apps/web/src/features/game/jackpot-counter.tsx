import { JACKPOT_EVENTS_PATH } from '@khela/contract/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { formatMoney } from '../../shared/format/money';
import { readSession, SESSION_KEYS } from '../../shared/state/storage';
import { prefersReducedMotion } from '../../shared/ui/motion';
import {
  JACKPOT_STEP_MS,
  type JackpotDisplay,
  receivePool,
  startJackpot,
  stepJackpot,
  tweenAmount,
} from './jackpot';

/**
 * The real pool is asked for again this often (and when the tab comes back): growth shows within
 * it. A fall of the pool (a jackpot won) is pushed at once (`jackpotStreamUrl`), so the counter
 * never stays above the pool.
 */
const POOL_REFRESH_MS = 30_000;

/** The jackpot push of this site's merchant (server-sent events; a message means "refetch"). */
export const jackpotStreamUrl = (merchant: string | null = readSession(SESSION_KEYS.merchant)) =>
  merchant ? `${JACKPOT_EVENTS_PATH}?merchant=${encodeURIComponent(merchant)}` : JACKPOT_EVENTS_PATH;
const TWEEN_MS = 900;

const currencySymbol = (currency: string) =>
  currency === 'BDT' ? '৳' : currency === 'INR' ? '₹' : `${currency} `;

/**
 * The jackpot counter of `/rng` (spec §2, §9): the real progressive pool, shown rising by 165.11
 * every 3 s but never above the pool; digits roll between values. The amount's text is written
 * by the effect only (React renders the span empty), so a frame costs no React render.
 */
export const JackpotCounter = () => {
  const { t, i18n } = useTranslation('game');
  const pool = useQuery({
    queryKey: ['jackpot-pool'],
    queryFn: () => callApi('jackpotPool'),
    refetchInterval: POOL_REFRESH_MS,
    staleTime: POOL_REFRESH_MS / 2,
  });
  const client = useQueryClient();
  // A jackpot won elsewhere: refetch now (EventSource reconnects by itself).
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(jackpotStreamUrl());
    source.onmessage = () => void client.invalidateQueries({ queryKey: ['jackpot-pool'] });
    return () => source.close();
  }, [client]);
  const [display, setDisplay] = useState<JackpotDisplay | null>(null);
  const shown = useRef<number | null>(null);
  const text = useRef<HTMLSpanElement>(null);
  const poolMinor = pool.data ? Number(pool.data.poolMinor) : null;

  const format = useMemo(() => {
    const symbol = currencySymbol(pool.data?.currency ?? '');
    return (minor: number) => formatMoney(BigInt(Math.round(minor)), i18n.language, symbol);
  }, [i18n.language, pool.data?.currency]);

  useEffect(() => {
    if (poolMinor === null) return;
    setDisplay((state) => (state ? receivePool(state, poolMinor) : startJackpot(poolMinor)));
  }, [poolMinor]);

  const ticking = display !== null;
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(
      () => setDisplay((state) => (state ? stepJackpot(state) : state)),
      JACKPOT_STEP_MS,
    );
    return () => window.clearInterval(timer);
  }, [ticking]);

  // Roll the digits from what is on screen to the new value.
  useEffect(() => {
    if (!display || !text.current) return;
    const from = shown.current ?? display.shown;
    const to = display.shown;
    const node = text.current;
    if (from === to || prefersReducedMotion()) {
      shown.current = to;
      node.textContent = format(to);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const value = tweenAmount(from, to, (now - start) / TWEEN_MS);
      shown.current = value;
      node.textContent = format(value);
      if (value !== to) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [display, format]);

  if (pool.data && !pool.data.enabled) return null;

  return (
    <section
      data-testid="jackpot-counter"
      data-pool={poolMinor ?? ''}
      aria-label={t('jackpot.label')}
      className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-r from-[#2a0d3f] via-[#5b1a5e] to-[#7a2d12] px-4 py-3 text-white shadow-card sm:px-6 sm:py-4"
    >
      <span
        aria-hidden="true"
        className="absolute -top-12 -left-10 -z-10 size-40 rounded-full bg-amber-400/30 blur-3xl"
      />
      <span
        aria-hidden="true"
        className="absolute -right-8 -bottom-16 -z-10 size-44 rounded-full bg-fuchsia-500/30 blur-3xl"
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className="text-xs font-bold tracking-[0.2em] text-amber-200 uppercase sm:text-sm">
          {t('jackpot.title')}
        </p>
        <p className="text-[0.7rem] text-white/70 sm:text-xs">{t('jackpot.hint')}</p>
      </div>
      <p className="mt-1 font-black tabular-nums">
        <span
          ref={text}
          data-testid="jackpot-amount"
          aria-live="off"
          className="inline-block min-h-[1.2em] bg-gradient-to-b from-amber-100 via-amber-300 to-amber-500 bg-clip-text text-3xl text-transparent drop-shadow sm:text-5xl"
        />
      </p>
    </section>
  );
};
