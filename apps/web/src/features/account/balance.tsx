import { Eye, EyeOff, RefreshCw, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney, HIDDEN_AMOUNT } from '../../shared/format/money';
import { setBalanceHidden, useBalance, useBalanceHidden } from '../../shared/state/balance';
import { useSessionState } from '../../shared/state/session';
import { cx } from '../../shared/ui/cx';

/**
 * The header balance (spec §2, §4, §9): 'updating' until the first answer, then the sum of the
 * wallets with the merchant's currency sign, two decimals and the language's grouping; *** while
 * hidden. A refresh control refetches; the eye toggles hidden (kept across pages and reloads).
 */
const useBalanceView = () => {
  const { t, i18n } = useTranslation('member');
  const { token } = useSessionState();
  const query = useBalance(token);
  const hidden = useBalanceHidden();
  const value = query.data;
  const text = hidden
    ? HIDDEN_AMOUNT
    : value
      ? formatMoney(value.sumBalanceMinor, i18n.language, value.currencySymbol)
      : null;
  return { t, query, hidden, text };
};

type ControlsProps = { compact?: boolean };

const BalanceControls = ({ compact = false }: ControlsProps) => {
  const { t, query, hidden } = useBalanceView();
  const iconSize = compact ? 'size-3.5' : 'size-4';
  const buttonSize = compact ? 'size-6' : 'size-7';
  return (
    <>
      <button
        type="button"
        data-testid="balance-refresh"
        onClick={(event) => {
          event.stopPropagation();
          void query.refetch();
        }}
        disabled={query.isFetching}
        aria-label={t('balance.refresh')}
        title={t('balance.refresh')}
        className={cx(
          'grid shrink-0 place-items-center rounded-full text-muted transition hover:bg-surface hover:text-brand disabled:opacity-70',
          buttonSize,
        )}
      >
        <RefreshCw
          aria-hidden="true"
          className={cx(iconSize, query.isFetching && 'animate-spin text-brand')}
        />
      </button>
      <button
        type="button"
        data-testid="balance-toggle"
        aria-pressed={hidden}
        onClick={(event) => {
          event.stopPropagation();
          setBalanceHidden(!hidden);
        }}
        aria-label={t(hidden ? 'balance.show' : 'balance.hide')}
        title={t(hidden ? 'balance.show' : 'balance.hide')}
        className={cx(
          'grid shrink-0 place-items-center rounded-full text-muted transition hover:bg-surface hover:text-brand',
          buttonSize,
        )}
      >
        {hidden ? (
          <EyeOff aria-hidden="true" className={iconSize} />
        ) : (
          <Eye aria-hidden="true" className={iconSize} />
        )}
      </button>
    </>
  );
};

const BalanceText = ({ testId }: { testId: string }) => {
  const { t, text, query } = useBalanceView();
  if (text === null) {
    return (
      <span
        className={cx('text-muted', !query.isError && 'animate-pulse')}
        data-testid={`${testId}-updating`}
      >
        {t('balance.updating')}
      </span>
    );
  }
  return (
    <span data-testid={testId} className="font-semibold tabular-nums">
      {text}
    </span>
  );
};

/** The pill beside the account name (tablet and desktop). */
export const BalancePill = () => {
  const { t } = useTranslation('member');
  return (
    <div
      data-testid="balance-slot"
      className="hidden h-9 items-center gap-1 rounded-full bg-surface-2 pr-1 pl-3 text-[0.8125rem] ring-1 ring-line sm:flex"
    >
      <Wallet aria-hidden="true" className="size-4 shrink-0 text-brand" />
      <span className="sr-only">{t('balance.label')}</span>
      <span className="ml-0.5 max-w-[9rem] truncate">
        <BalanceText testId="balance-amount" />
      </span>
      <BalanceControls />
    </div>
  );
};

/** The balance line in the drop-down header (phones, where the pill has no room). */
export const BalanceLine = () => {
  const { t } = useTranslation('member');
  return (
    <div data-testid="balance-line" className="mt-1.5 flex items-center gap-1.5 text-xs sm:hidden">
      <Wallet aria-hidden="true" className="size-3.5 shrink-0 text-brand" />
      <span className="text-muted">{t('balance.label')}</span>
      <span className="min-w-0 flex-1 truncate text-fg">
        <BalanceText testId="balance-line-amount" />
      </span>
      <BalanceControls compact />
    </div>
  );
};
