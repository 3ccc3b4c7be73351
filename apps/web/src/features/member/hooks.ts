import { IDEMPOTENCY_HEADER } from '@khela/contract/browser';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { type AmountProblem, formatMoney, type ParsedAmount, parseAmount } from '../../shared/format/money';
import { newRequestKey } from '../../shared/request-key';

/** The translated text of a refused call: the form kit's. */
export { useErrorText } from '../../shared/form';

/** Amounts in the page language with the merchant's sign. */
export const useMoney = () => {
  const { i18n } = useTranslation();
  return useCallback(
    (minor: bigint | string, symbol?: string) => formatMoney(minor, i18n.language, symbol),
    [i18n.language],
  );
};

export type AmountLimits = { minMinor?: string; maxMinor?: string; availableMinor?: string; symbol?: string };
export type AmountCheck = { ok: true; minor: bigint } | { ok: false; message: string };

/**
 * Parses a typed amount and checks it against the limits, with the problem as translated text:
 * below the minimum, above the maximum, more than the available funds.
 */
export const useAmountCheck = () => {
  const { t } = useTranslation('member');
  const money = useMoney();
  return useCallback(
    (input: string, limits: AmountLimits = {}): AmountCheck => {
      const parsed: ParsedAmount = parseAmount(input);
      if (!parsed.ok) return { ok: false, message: t(`amount.${parsed.problem satisfies AmountProblem}`) };
      const { minor } = parsed;
      if (limits.minMinor !== undefined && minor < BigInt(limits.minMinor))
        return { ok: false, message: t('amount.belowMin', { min: money(limits.minMinor, limits.symbol) }) };
      if (limits.maxMinor !== undefined && minor > BigInt(limits.maxMinor))
        return { ok: false, message: t('amount.aboveMax', { max: money(limits.maxMinor, limits.symbol) }) };
      if (limits.availableMinor !== undefined && minor > BigInt(limits.availableMinor))
        return {
          ok: false,
          message: t('amount.overAvailable', { available: money(limits.availableMinor, limits.symbol) }),
        };
      return { ok: true, minor };
    },
    [t, money],
  );
};

/**
 * One money submission at a time, each with its own idempotency key. A double click is ignored
 * while the first call runs; a retry of the same request (same fingerprint) after a failure
 * reuses the key, so a request that reached the server before the connection dropped is never
 * posted twice; a success or a changed request takes a new key.
 */
export const useMoneySubmit = () => {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const pending = useRef<{ fingerprint: string; key: string } | null>(null);

  const submit = useCallback(
    async <T>(
      fingerprint: string,
      call: (headers: Record<string, string>) => Promise<T>,
    ): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      if (!pending.current || pending.current.fingerprint !== fingerprint)
        pending.current = { fingerprint, key: newRequestKey() };
      try {
        const result = await call({ [IDEMPOTENCY_HEADER]: pending.current.key });
        pending.current = null;
        return result;
      } catch (error) {
        // A refusal the server decided (4xx) will not change with the same key: start afresh.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) pending.current = null;
        throw error;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [],
  );
  return { busy, submit };
};

/** Plain (non-money) submissions: one at a time, with a busy flag. */
export const useSingleFlight = () => {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await call();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
};
