import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { useErrorText } from '../../../shared/form';
import { cx } from '../../../shared/ui/cx';

const KEY = ['wallet', 'auto-transfer'] as const;

/**
 * My wallet's auto-transfer switch (transfer-wallet merchants, issue 24): on, a vendor game's
 * launch moves the money into its wallet and leaving the game brings it back.
 */
export const AutoTransferSwitch = () => {
  const { t } = useTranslation('member');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: KEY, queryFn: () => callApi('walletAutoTransfer') });
  const change = useMutation({
    mutationFn: (autoTransfer: boolean) => callApi('walletAutoTransferSet', { body: { autoTransfer } }),
    onSuccess: (value) => queryClient.setQueryData(KEY, value),
  });
  const on = change.isPending ? Boolean(change.variables) : setting.data?.autoTransfer === true;
  return (
    <div className="flex items-start gap-3 rounded-2xl bg-surface-2/60 p-4 ring-1 ring-line">
      <div className="min-w-0 flex-1">
        <p id="auto-transfer-label" className="text-sm font-semibold">
          {t('wallet.autoTransfer')}
        </p>
        <p className="mt-0.5 text-xs text-muted">{t('wallet.autoTransferHint')}</p>
        {change.isError ? (
          <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {errorText(change.error)}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="auto-transfer-label"
        data-testid="wallet-auto-transfer"
        disabled={setting.isPending || change.isPending}
        onClick={() => change.mutate(!on)}
        className={cx(
          'relative h-7 w-12 shrink-0 rounded-full transition disabled:opacity-60',
          on ? 'bg-brand' : 'bg-fg/25',
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'absolute top-1 left-1 size-5 rounded-full bg-white shadow transition-transform',
            on && 'translate-x-5',
          )}
        />
      </button>
    </div>
  );
};
