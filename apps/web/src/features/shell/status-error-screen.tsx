import { RefreshCw, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../shared/ui/button';

/** The translation key of whatever a failed call threw (`error.<code>`), else the network message. */
export const errorKeyOf = (error: unknown) => {
  const message = error instanceof Error ? error.message : '';
  return message.startsWith('error.') ? message : 'error.network';
};

/** Shown when the site's status call fails outright: the translated reason and a retry. */
export const StatusErrorScreen = ({
  error,
  onRetry,
}: {
  error: unknown;
  onRetry: (() => void) | undefined;
}) => {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <section role="alert" className="grid min-h-dvh place-items-center px-6">
      <div className="flex max-w-sm flex-col items-center gap-5 text-center">
        <span className="grid size-16 place-items-center rounded-3xl bg-rose-500/12 text-rose-500">
          <WifiOff aria-hidden="true" className="size-8" />
        </span>
        <p className="text-lg font-semibold">
          {t(errorKeyOf(error), { ns: 'errors', defaultValue: t('error.network') })}
        </p>
        <button
          type="button"
          className={buttonClass('primary', 'lg')}
          onClick={() => (onRetry ? onRetry() : window.location.reload())}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('retry', { ns: 'common' })}
        </button>
      </div>
    </section>
  );
};
