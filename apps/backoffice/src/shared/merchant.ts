import { useSyncExternalStore } from 'react';
import { useStaff } from './session';
import { KEYS, readLocal, writeLocal } from './storage';

const listeners = new Set<() => void>();
const read = () => readLocal(KEYS.merchant) ?? '';

export const setMerchant = (code: string) => {
  writeLocal(KEYS.merchant, code);
  for (const listener of listeners) listener();
};

/**
 * The merchant every screen works on (ADR 005: settings and content are per merchant), chosen in
 * the top bar and kept across reloads; the first merchant of the deployment until one is chosen.
 */
export const useMerchant = () => {
  const staff = useStaff();
  const saved = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    read,
  );
  const merchants = staff.merchants;
  const current = merchants.find((m) => m.code === saved) ?? merchants[0];
  return { merchant: current?.code ?? '', info: current, merchants };
};
