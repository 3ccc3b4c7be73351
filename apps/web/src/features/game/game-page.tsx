import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Maximize2, Minimize2, PictureInPicture2, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import {
  gamePageHref,
  launchParamsFromQuery,
  launchWalletOf,
  requestLaunch,
} from '../../shared/launch-request';
import { useSessionState } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { useModal } from '../../shared/ui/modal-host';
import { useFillHeight, useGameBalanceMessages } from './frame';
import { GameWallet } from './game-wallet';

/** The lobby hands over the play URL it launched in the navigation state (used once). */
export type GamePageState = { gameUrl?: string } | null;

const USED_PREFIX = 'khela.game.launch.';

const markUsed = (key: string) => {
  try {
    window.sessionStorage.setItem(USED_PREFIX + key, '1');
  } catch {
    // storage unavailable: a reload launches again anyway
  }
};
const wasUsed = (key: string) => {
  try {
    return window.sessionStorage.getItem(USED_PREFIX + key) === '1';
  } catch {
    return false;
  }
};

/**
 * `/game` (spec §2, group byIframe): the game in an iframe with back and full-screen controls.
 * The play URL is single-use, so each opening launches once: the lobby's launch is used when it
 * came with the navigation, a reload or a shared link launches again. The wallet balance is
 * refetched when the game says a round changed it (`khela:balance` from the game's origin) and
 * when the page closes.
 */
export const GamePage = () => {
  const { t, i18n } = useTranslation(['game', 'errors']);
  const [query] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const modal = useModal();
  const { token } = useSessionState();
  const params = useMemo(() => launchParamsFromQuery(query), [query]);
  const handed = (location.state as GamePageState)?.gameUrl;
  const canLaunch = Boolean(params && (token || params.demo));

  const launch = useQuery({
    queryKey: ['game-launch', location.key, query.toString(), token ?? ''],
    enabled: canLaunch,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: async () => {
      const fresh = handed && !wasUsed(location.key);
      markUsed(location.key);
      if (fresh) return handed;
      if (!params) throw new ApiError(404, 'game.unavailable', 'error.game.unavailable');
      return requestLaunch(params, i18n.language);
    },
  });

  const gameUrl = launch.data;
  // Rounds reported by the game refetch the header balance; leaving refetches the rest.
  useGameBalanceMessages(gameUrl);

  // Logged out: the login modal (spec §6: game launch needs login), unless the game offers free
  // play: then the page itself offers both.
  useEffect(() => {
    if (params && !token && !params.demo && !params.allowDemo) modal.open('login', {});
  }, [params, token, modal]);

  const frameBox = useRef<HTMLDivElement>(null);
  // The game fills the window below the site header (whatever the header's height).
  const height = useFillHeight(frameBox);
  const [full, setFull] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setFull(document.fullscreenElement === frameBox.current && frameBox.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  // Without the Fullscreen API (iPhone Safari) the game covers the window instead.
  const [covering, setCovering] = useState(false);
  const toggleFull = useCallback(() => {
    const box = frameBox.current;
    if (!box) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen();
      return;
    }
    if (covering) {
      setCovering(false);
      return;
    }
    if (box.requestFullscreen) box.requestFullscreen().catch(() => setCovering(true));
    else setCovering(true);
  }, [covering]);

  const back = () => {
    if (covering) setCovering(false);
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/rng');
  };

  // A window of its own (1300x900, as the site's other popups): it launches the game afresh.
  const popOut = () => {
    if (!params) return;
    const opened = window.open(gamePageHref(params), 'khela-game', 'width=1300,height=900');
    if (opened) back();
  };

  const errorKey = launch.error instanceof ApiError ? launch.error.message : 'error.system.error';
  const title = params?.name ?? '';

  return (
    <div data-testid="page-game" className="flex min-h-0 flex-1 flex-col bg-black">
      <div className="flex h-11 shrink-0 items-center gap-2 bg-[#0b0d12] px-2 text-white sm:h-12 sm:px-4">
        <button
          type="button"
          data-testid="game-back"
          onClick={back}
          className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold hover:bg-white/10"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('game:page.back')}
        </button>
        <h1
          data-testid="game-title"
          className="min-w-0 flex-1 truncate text-center text-sm font-bold sm:text-base"
        >
          {title}
        </h1>
        <button
          type="button"
          data-testid="game-popout"
          onClick={popOut}
          disabled={!gameUrl}
          aria-label={t('game:page.popout')}
          title={t('game:page.popout')}
          className="hidden size-9 place-items-center rounded-full hover:bg-white/10 disabled:opacity-40 sm:grid"
        >
          <PictureInPicture2 aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          data-testid="game-fullscreen"
          onClick={toggleFull}
          disabled={!gameUrl}
          aria-label={t(full || covering ? 'game:page.exitFullscreen' : 'game:page.fullscreen')}
          title={t(full || covering ? 'game:page.exitFullscreen' : 'game:page.fullscreen')}
          className="grid size-9 place-items-center rounded-full hover:bg-white/10 disabled:opacity-40"
        >
          {full || covering ? (
            <Minimize2 aria-hidden="true" className="size-4" />
          ) : (
            <Maximize2 aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
      <div
        ref={frameBox}
        style={covering || height === null ? undefined : { height }}
        className={cx('relative min-h-80 bg-black', covering && 'fixed inset-0 z-[150] min-h-0')}
      >
        {covering ? (
          <button
            type="button"
            onClick={() => setCovering(false)}
            aria-label={t('game:page.exitFullscreen')}
            className="absolute top-[max(0.5rem,env(safe-area-inset-top))] left-2 z-10 grid size-9 place-items-center rounded-full bg-black/60 text-white"
          >
            <Minimize2 aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        {gameUrl ? (
          <GameWallet wallet={launchWalletOf(gameUrl)} onMoved={() => void launch.refetch()} />
        ) : null}
        {gameUrl ? (
          <iframe
            key={gameUrl}
            data-testid="game-frame"
            title={title || t('game:page.title')}
            src={gameUrl}
            allow="autoplay; fullscreen"
            allowFullScreen
            referrerPolicy="origin"
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center p-6 text-center text-white">
            {!params ? (
              <Message
                text={t('game:page.missing')}
                action={<BackButton onClick={back} label={t('game:page.back')} />}
              />
            ) : !canLaunch ? (
              <Message
                testId="game-login-prompt"
                text={t(params.allowDemo ? 'game:page.loginOrFree' : 'game:page.loginToPlay')}
                action={
                  <div className="flex flex-wrap justify-center gap-2">
                    <button
                      type="button"
                      className={buttonClass('primary')}
                      onClick={() => modal.open('login', {})}
                    >
                      {t('game:page.login')}
                    </button>
                    {params.allowDemo ? (
                      <button
                        type="button"
                        data-testid="game-play-free"
                        className={buttonClass('secondary')}
                        onClick={() => navigate(gamePageHref({ ...params, demo: true }), { replace: true })}
                      >
                        {t('game:page.playFree')}
                      </button>
                    ) : null}
                  </div>
                }
              />
            ) : launch.isError ? (
              <Message
                testId="game-error"
                text={t(`errors:${errorKey}`, { defaultValue: t('errors:error.system.error') })}
                action={
                  <div className="flex gap-2">
                    <BackButton onClick={back} label={t('game:page.back')} />
                    <button
                      type="button"
                      className={buttonClass('primary')}
                      onClick={() => void launch.refetch()}
                    >
                      <RotateCw aria-hidden="true" className="size-4" />
                      {t('game:page.retry')}
                    </button>
                  </div>
                }
              />
            ) : (
              <span data-testid="game-loading" role="status" className="grid place-items-center">
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

const Message = ({ text, action, testId }: { text: string; action: React.ReactNode; testId?: string }) => (
  <div data-testid={testId} className="max-w-sm space-y-4">
    <p className="text-base font-semibold">{text}</p>
    <div className="flex justify-center">{action}</div>
  </div>
);

const BackButton = ({ onClick, label }: { onClick: () => void; label: string }) => (
  <button type="button" className={buttonClass('secondary')} onClick={onClick}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    {label}
  </button>
);
