import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { requestSportsLaunch } from '../../shared/launch-request';
import { useSessionState } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { useModal } from '../../shared/ui/modal-host';
import { useFillHeight, useGameBalanceMessages } from './frame';

/**
 * `/fbsports` and `/seamless` (spec §2): the sports vendor's book in an iframe that fills the
 * window below the header (`/seamless` hides the header navigation: its route frame). Launched
 * once per visit through `GCS_gameLaunchFB` (single-use URL): FB Sports, else the site's
 * sportsbook; `/seamless?vassalage=SABA` opens that sports vendor. A visitor is asked to log in;
 * rounds the book reports refetch the header balance.
 */
export const SportsPage = ({ page }: { page: 'seamless' | 'fbsports' }) => {
  const { t, i18n } = useTranslation(['game', 'errors']);
  const { token } = useSessionState();
  const modal = useModal();
  const [query] = useSearchParams();
  const location = useLocation();
  const vassalage = page === 'seamless' ? (query.get('vassalage') ?? undefined) : undefined;
  const launch = useQuery({
    queryKey: ['sports-launch', page, vassalage ?? '', token ?? '', location.key],
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: () => requestSportsLaunch(vassalage, i18n.language),
  });
  const gameUrl = launch.data;
  useGameBalanceMessages(gameUrl);
  const box = useRef<HTMLDivElement>(null);
  const height = useFillHeight(box);
  const title = t(page === 'seamless' ? 'game:sports.seamlessTitle' : 'game:sports.title');
  const errorKey = launch.error instanceof ApiError ? launch.error.message : 'error.system.error';

  return (
    <div data-testid={`page-${page}`} className="flex min-h-0 flex-1 flex-col bg-black">
      <h1 className="sr-only">{title}</h1>
      <div ref={box} style={height === null ? undefined : { height }} className="relative min-h-80 bg-black">
        {gameUrl ? (
          <iframe
            key={gameUrl}
            data-testid="sports-frame"
            title={title}
            src={gameUrl}
            allow="autoplay; fullscreen"
            allowFullScreen
            referrerPolicy="origin"
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center p-6 text-center text-white">
            {!token ? (
              <div data-testid="sports-login" className="max-w-sm space-y-4">
                <p className="text-base font-semibold">{t('game:sports.loginToBet')}</p>
                <button
                  type="button"
                  className={buttonClass('primary')}
                  onClick={() => modal.open('login', {})}
                >
                  {t('game:page.login')}
                </button>
              </div>
            ) : launch.isError ? (
              <div data-testid="sports-error" className="max-w-sm space-y-4">
                <p className="text-base font-semibold">
                  {t(`errors:${errorKey}`, { defaultValue: t('errors:error.system.error') })}
                </p>
                <button
                  type="button"
                  className={buttonClass('primary')}
                  onClick={() => void launch.refetch()}
                >
                  <RotateCw aria-hidden="true" className="size-4" />
                  {t('game:page.retry')}
                </button>
              </div>
            ) : (
              <span data-testid="sports-loading" role="status" className="grid place-items-center">
                <span className="size-10 animate-spin rounded-full border-4 border-brand border-t-transparent" />
                <span className="sr-only">{t('game:page.loading')}</span>
              </span>
            )}
          </div>
        )}
      </div>
    </div>
  );
};
