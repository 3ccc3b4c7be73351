import { MAIN_ACCOUNT_TYPE_ID } from '@khela/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { Wallet, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { formatMoney } from '../../shared/format/money';
import type { LaunchWallet } from '../../shared/launch-request';
import { refreshBalanceEverywhere, useBalance } from '../../shared/state/balance';
import { useSessionState } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';

/**
 * The game's wallet on the `/game` page (transfer-wallet merchants, issue 24): with auto-transfer
 * on, a note of what moved in at launch, and every game wallet collected back to the main wallet
 * when the page closes; with it off and the game's wallet empty, a prompt to move the main
 * wallet's balance in with one tap (`onMoved` launches the game afresh: a play URL opens once).
 */
export const GameWallet = ({
  wallet,
  onMoved,
}: {
  wallet: LaunchWallet | undefined;
  onMoved: () => void;
}) => {
  const { t, i18n } = useTranslation('game');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { token } = useSessionState();
  const symbol = useBalance(token).data?.currencySymbol ?? '';
  const [closed, setClosed] = useState(false);
  const [moving, setMoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const auto = wallet?.auto === true;

  // Leaving the game with auto-transfer on: the game wallets come home.
  useEffect(() => {
    if (!auto) return;
    return () => {
      void callApi('walletCollectAll')
        .catch(() => undefined)
        .finally(() => refreshBalanceEverywhere(queryClient));
    };
  }, [auto, queryClient]);

  if (!wallet || closed) return null;
  const money = (minor: string) => formatMoney(minor, i18n.language, symbol);

  if (wallet.auto) {
    if (BigInt(wallet.movedMinor) === 0n) return null;
    return (
      <div
        data-testid="game-wallet-moved"
        role="status"
        className="absolute top-2 left-1/2 z-10 flex max-w-[92%] -translate-x-1/2 items-center gap-2 rounded-full bg-black/75 py-1.5 pr-1.5 pl-3 text-xs text-white ring-1 ring-white/20"
      >
        <Wallet aria-hidden="true" className="size-4 shrink-0 text-brand" />
        <span className="min-w-0 truncate">{t('wallet.moved', { amount: money(wallet.movedMinor) })}</span>
        <button
          type="button"
          onClick={() => setClosed(true)}
          aria-label={t('wallet.close')}
          className="grid size-6 shrink-0 place-items-center rounded-full hover:bg-white/15"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      </div>
    );
  }

  if (BigInt(wallet.vendorBalanceMinor) > 0n || BigInt(wallet.mainBalanceMinor) === 0n) return null;

  const move = async () => {
    setMoving(true);
    setError(null);
    try {
      await callApi('walletTransfer', {
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: {
          fromAccountTypeId: MAIN_ACCOUNT_TYPE_ID,
          toAccountTypeId: wallet.accountTypeId,
          amount: Number(wallet.mainBalanceMinor),
        },
      });
      refreshBalanceEverywhere(queryClient);
      setClosed(true);
      onMoved();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setMoving(false);
    }
  };

  return (
    <div className="absolute inset-0 z-10 grid place-items-center bg-black/70 p-4">
      <div
        data-testid="game-wallet-prompt"
        role="dialog"
        aria-modal="true"
        aria-labelledby="game-wallet-title"
        className="w-full max-w-sm space-y-3 rounded-2xl bg-surface p-5 text-fg shadow-xl ring-1 ring-line"
      >
        <div className="flex items-center gap-2">
          <Wallet aria-hidden="true" className="size-5 text-brand" />
          <h2 id="game-wallet-title" className="text-base font-bold">
            {t('wallet.emptyTitle')}
          </h2>
        </div>
        <p className="text-sm text-muted">
          {t('wallet.emptyText', { amount: money(wallet.mainBalanceMinor) })}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          <button
            type="button"
            data-testid="game-wallet-move"
            className={buttonClass('primary', 'md', 'w-full')}
            disabled={moving}
            onClick={() => void move()}
          >
            {t('wallet.move', { amount: money(wallet.mainBalanceMinor) })}
          </button>
          <button
            type="button"
            data-testid="game-wallet-skip"
            className={buttonClass('secondary', 'md', 'w-full')}
            onClick={() => setClosed(true)}
          >
            {t('wallet.playAnyway')}
          </button>
        </div>
      </div>
    </div>
  );
};
