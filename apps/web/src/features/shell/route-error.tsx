import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkTimeoutError } from '../../app/lazy';

/** A page chunk that failed or timed out: a translated message and a retry. */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  const timedOut = error instanceof ChunkTimeoutError;
  return (
    <section role="alert" className="mx-auto max-w-lg p-8 text-center">
      <p>{t(timedOut ? 'chunk.timeout' : 'chunk.failed')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('chunk.retry')}
      </button>
    </section>
  );
};
