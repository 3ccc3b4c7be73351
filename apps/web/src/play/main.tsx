// Self-hosted Bangla and Hindi faces (only the scripts a page shows are downloaded: unicode-range).
import '@fontsource-variable/noto-sans-bengali';
import '@fontsource-variable/noto-sans-devanagari';
import './play.css';
import type { SlotState, Theme } from '@khela/fair';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { call, openSession, PlayError } from './api';
import { loadStrings, pickLanguage } from './i18n';
import { SlotApp } from './slot-app';
import type { SlotBoot } from './types';

/**
 * The in-house game page (`/play.html?t=<launch token>`), a separate entry from the site: it
 * exchanges the single-use launch token for a game session, loads the slot (theme, balance, bet
 * levels, seeds) and renders it. No router, no i18next: it stays small and starts fast.
 */
const root = createRoot(document.getElementById('play') as HTMLElement);
const params = new URLSearchParams(window.location.search);

const ErrorScreen = ({ message, detail }: { message: string; detail?: string }) => (
  <main className="grid h-full place-items-center bg-[#0b0d12] p-6 text-center">
    <div className="max-w-sm space-y-3">
      <div className="mx-auto grid size-14 place-items-center rounded-full bg-rose-500/15 text-2xl text-rose-300">
        !
      </div>
      <p data-testid="play-error" className="text-base font-semibold text-white">
        {message}
      </p>
      {detail ? <p className="text-xs text-white/50">{detail}</p> : null}
    </div>
  </main>
);

const Loading = () => (
  <main className="grid h-full place-items-center bg-[#0b0d12]">
    <span className="size-10 animate-spin rounded-full border-4 border-amber-400 border-t-transparent" />
  </main>
);

const start = async () => {
  root.render(<Loading />);
  let language = pickLanguage(params.get('lang') ?? navigator.language);
  let strings = await loadStrings(language);
  const token = params.get('t') ?? '';
  try {
    if (!token) throw new PlayError(401, 'game.token.invalid');
    const session = await openSession(token);
    const chosen = pickLanguage(session.language);
    if (chosen !== language) {
      language = chosen;
      strings = await loadStrings(language);
    }
    document.documentElement.lang = language;
    const engine = params.get('engine') ?? 'classic';
    if (engine !== 'classic') {
      // The originals and the other slot engines: their own chunk, loaded only for them.
      const [
        { EngineApp },
        { FishingApp },
        { RouletteApp },
        { DragonTigerApp },
        { SicBoApp },
        { BaccaratApp },
        { BlackjackApp },
        { KenoApp },
        { VideoPokerApp },
        { ScratchApp },
        init,
      ] = await Promise.all([
        import('./engines/engine-app'),
        engine === 'fishing' ? import('./engines/fishing-app') : Promise.resolve({ FishingApp: null }),
        engine === 'roulette' ? import('./engines/roulette-app') : Promise.resolve({ RouletteApp: null }),
        engine === 'dragon-tiger'
          ? import('./engines/dragon-tiger-app')
          : Promise.resolve({ DragonTigerApp: null }),
        engine === 'sic-bo' ? import('./engines/sic-bo-app') : Promise.resolve({ SicBoApp: null }),
        engine === 'baccarat' ? import('./engines/baccarat-app') : Promise.resolve({ BaccaratApp: null }),
        engine === 'blackjack' ? import('./engines/blackjack-app') : Promise.resolve({ BlackjackApp: null }),
        engine === 'keno' ? import('./engines/keno-app') : Promise.resolve({ KenoApp: null }),
        engine === 'video-poker'
          ? import('./engines/video-poker-app')
          : Promise.resolve({ VideoPokerApp: null }),
        engine === 'scratch' ? import('./engines/scratch-app') : Promise.resolve({ ScratchApp: null }),
        call('engineInit', undefined, language),
      ]);
      document.title = init.gameName;
      const boot = { session, init, t: strings.t, errorText: strings.error };
      root.render(
        <StrictMode>
          {FishingApp ? (
            <FishingApp boot={boot} language={language} />
          ) : RouletteApp ? (
            <RouletteApp boot={boot} language={language} />
          ) : DragonTigerApp ? (
            <DragonTigerApp boot={boot} language={language} />
          ) : SicBoApp ? (
            <SicBoApp boot={boot} language={language} />
          ) : BaccaratApp ? (
            <BaccaratApp boot={boot} language={language} />
          ) : BlackjackApp ? (
            <BlackjackApp boot={boot} language={language} />
          ) : KenoApp ? (
            <KenoApp boot={boot} language={language} />
          ) : VideoPokerApp ? (
            <VideoPokerApp boot={boot} language={language} />
          ) : ScratchApp ? (
            <ScratchApp boot={boot} language={language} />
          ) : (
            <EngineApp boot={boot} language={language} />
          )}
        </StrictMode>,
      );
      return;
    }
    const [init, history] = await Promise.all([
      call('slotInit', undefined, language),
      call('slotHistory', undefined, language),
    ]);
    document.title = init.gameName;
    const boot: SlotBoot = {
      session,
      init,
      history: history.list,
      theme: init.theme as unknown as Theme,
      state: (init.state as unknown as SlotState | null) ?? null,
      t: strings.t,
      errorText: strings.error,
    };
    root.render(
      <StrictMode>
        <SlotApp boot={boot} language={language} />
      </StrictMode>,
    );
  } catch (error) {
    const code = error instanceof PlayError ? error.code : 'system.error';
    root.render(<ErrorScreen message={strings.error(code)} detail={code} />);
  }
};

void start();
