import { CloudOff, RefreshCw, TimerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkTimeoutError } from '../../app/lazy';
import { buttonClass } from '../../shared/ui/button';

/** A page chunk that failed or timed out (120 s): a translated message and a retry. */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  const timedOut = error instanceof ChunkTimeoutError;
  const Icon = timedOut ? TimerOff : CloudOff;
  return (
    <section role="alert" data-testid="route-error" className="grid min-h-dvh place-items-center px-6">
      <div className="flex max-w-sm flex-col items-center gap-5 text-center">
        <span className="grid size-16 place-items-center rounded-3xl bg-amber-500/12 text-amber-500">
          <Icon aria-hidden="true" className="size-8" />
        </span>
        <div className="space-y-2">
          <h1 className="text-xl font-black tracking-tight">
            {t(timedOut ? 'chunk.timeoutTitle' : 'chunk.failedTitle')}
          </h1>
          <p className="text-sm leading-relaxed text-muted">
            {t(timedOut ? 'chunk.timeout' : 'chunk.failed')}
          </p>
        </div>
        <button
          type="button"
          className={buttonClass('primary', 'lg')}
          onClick={() => window.location.reload()}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('chunk.retry')}
        </button>
      </div>
    </section>
  );
};
