import type { MerchantWalletValue } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSessionState } from '../../shared/state/session';
import { readSession, SESSION_KEYS, writeSession } from '../../shared/state/storage';

/** Cashier queries share this prefix: a money movement invalidates it. */
export const CASHIER_KEY = ['cashier'] as const;

/** Payment password state, payout account, withdrawable amount and limits (withdraw and security pages). */
export const useWithdrawInfo = () => {
  const { token } = useSessionState();
  return useQuery({
    queryKey: [...CASHIER_KEY, 'withdraw-info', token ?? ''],
    queryFn: ({ signal }) => callApi('withdrawInfo', { signal }),
    staleTime: 10_000,
  });
};

/** The merchant's wallet mode as kept in session storage (spec §3 session key `wallet`), if any. */
export const readSessionWallet = (): MerchantWalletValue | undefined => {
  try {
    const value = JSON.parse(readSession(SESSION_KEYS.wallet) ?? 'null') as { isSingle?: unknown } | null;
    return typeof value?.isSingle === 'boolean' ? { isSingle: value.isSingle } : undefined;
  } catch {
    return undefined;
  }
};

/** Asks `GCS_merchantWallet` and keeps `{ isSingle }` in session storage (`wallet`). */
export const fetchMerchantWallet = async (signal?: AbortSignal) => {
  const value = await callApi('merchantWallet', signal ? { signal } : {});
  writeSession(SESSION_KEYS.wallet, JSON.stringify({ isSingle: value.isSingle }));
  return value;
};

/**
 * Single wallet or not: at once from session storage (fetched after login), then confirmed by the
 * server. Single-wallet merchants get no vendor-wallet UI.
 */
export const useMerchantWallet = () => {
  const { token } = useSessionState();
  return useQuery({
    queryKey: ['wallet', 'merchant-wallet', token ?? ''],
    queryFn: ({ signal }) => fetchMerchantWallet(signal),
    initialData: readSessionWallet,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    enabled: Boolean(token),
  });
};
