import { CloudOff, RefreshCw, TimerOff } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkTimeoutError } from '../../shared/chunk';
import { buttonClass } from '../../shared/ui/button';

/** A page chunk that failed or timed out (120 s): a translated message and a retry. */
export const RouteError = ({ error }: { error: unknown }) => {
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

type BoundaryProps = {
  children: ReactNode;
  /** The address: the error view gives way to the page again when it changes (back, a link). */
  resetKey?: string;
};
type BoundaryState = { failed: boolean; error: unknown; key: string | undefined };

/**
 * Around the routes (app/router.tsx): a page whose chunk failed or timed out, or that threw while
 * rendering, is replaced by RouteError until the address changes.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, key: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { key: props.resetKey, failed: false, error: undefined };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
