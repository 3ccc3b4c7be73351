import type { Game } from '@khela/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStatus } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { GameCard } from '../features/lobby/game-card';
import { HOT_GAMES_KEY, useHotGames, useRecentGames } from '../features/lobby/queries';
import { RecentGamesPanel } from '../features/lobby/recent-panel';
import { Toaster } from '../features/lobby/toast';
import { changeLanguage, i18nReady } from '../shared/i18n';
import { clearSession, signIn } from '../shared/state/session';
import { syncMerchantFromStorage } from '../shared/state/site';

const game = (n: number): Game => ({
  nodeId: `pg-rng-${String(n).padStart(4, '0')}`,
  gameId: String(1000 + n),
  vassalage: 'PG',
  vendor: 'PG',
  gameType: 'RNG',
  displayName: `Game ${n}`,
  gameName: `Game ${n}`,
  showIcon: null,
  iconUrl: null,
  gameClassify: [],
  minBet: '0.1',
  minLineNum: 1,
  isHot: false,
  hotRank: null,
  isNew: false,
  allowDemo: false,
  isGame: 'GAME',
  gameCode: String(1000 + n),
  defaultPlayType: null,
});

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }));

/** A fetch stand-in that answers by path; `handlers` may hold a promise to answer later. */
const serve = (handlers: Record<string, (url: URL) => Response | Promise<Response>>) => {
  const mock = vi.fn(async (input: URL | string) => {
    const url = new URL(String(input), window.location.origin);
    const handler = Object.entries(handlers).find(([path]) => url.pathname.endsWith(path))?.[1];
    if (!handler) throw new Error(`unexpected call ${url.pathname}`);
    return handler(url);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
};
const callsTo = (mock: ReturnType<typeof serve>, path: string) =>
  mock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((u) => u.pathname.endsWith(path));

const memberInfo = (type: number) => () =>
  ok({ id: 7, account: 'player7', nickname: 'Seven', type, toUpline: false, memberLabel: [] });

const signInAs = (type: number) =>
  act(() =>
    signIn({ token: `token-${type}`, userName: 'player7', nickname: 'Seven', id: 7, customerType: type }),
  );

/*
 * The login modal is a lazy chunk (app/modals.ts) whose module graph (the login form with its
 * phone-number metadata) Vite transforms on its first import: seconds on a busy machine, more
 * than a query's one-second wait. Imported once here, so the test times the modal opening, not
 * the transform.
 */
beforeAll(async () => {
  await Promise.all([i18nReady, import('../features/auth/auth-modals')]);
}, 60_000);
beforeEach(async () => {
  sessionStorage.clear();
  syncMerchantFromStorage();
  await changeLanguage('en');
});
afterEach(() => {
  act(() => clearSession());
  cleanup();
  vi.unstubAllGlobals();
});

describe('favourite toggle on a game card', () => {
  it('shows the loader while the favourite saves, then the saved star and a message', async () => {
    let release: (response: Response) => void = () => {};
    const fetchMock = serve({
      '/wps/member/info': memberInfo(0),
      '/MCSFE_getFavoriteGames': () => ok([]),
      '/MCSFE_addFavoriteGameV2': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    signInAs(0);
    const user = userEvent.setup();
    renderApp(
      <>
        <GameCard game={game(1)} />
        <Toaster />
      </>,
      { status: makeStatus() },
    );
    const star = await screen.findByTestId('favourite-toggle');
    await waitFor(() => expect(callsTo(fetchMock, 'MCSFE_getFavoriteGames')).toHaveLength(1));
    await user.click(star);
    expect(await screen.findByTestId('favourite-loader')).toBeTruthy();
    expect(star.getAttribute('aria-busy')).toBe('true');
    expect((star as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release(ok(['pg-rng-0001'])));
    await waitFor(() =>
      expect(screen.getByTestId('favourite-toggle').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(screen.queryByTestId('favourite-loader')).toBeNull();
    expect((await screen.findByTestId('lobby-toast')).textContent).toContain('Saved to your favourites.');
  });

  it('tells a trial account to register a real account (in_need_true_account) and sends nothing', async () => {
    const fetchMock = serve({ '/wps/member/info': memberInfo(4) });
    signInAs(4);
    const user = userEvent.setup();
    renderApp(
      <>
        <GameCard game={game(1)} />
        <Toaster />
      </>,
      { status: makeStatus() },
    );
    await user.click(await screen.findByTestId('favourite-toggle'));
    await waitFor(() =>
      expect(screen.getByTestId('lobby-toast').textContent).toContain(
        'Please register a real account first.',
      ),
    );
    expect(callsTo(fetchMock, 'MCSFE_addFavoriteGameV2')).toHaveLength(0);
    expect(callsTo(fetchMock, 'MCSFE_getFavoriteGames')).toHaveLength(0);
    expect(screen.queryByTestId('favourite-loader')).toBeNull();
  });

  it('opens the login modal for a visitor', async () => {
    serve({});
    const user = userEvent.setup();
    renderApp(<GameCard game={game(1)} />, { status: makeStatus() });
    await user.click(await screen.findByTestId('favourite-toggle'));
    // Its chunk is in (beforeAll), but it still arrives through the modal's lazy component and
    // its locale file: more than the default second on a busy machine.
    expect(await screen.findByTestId('login-modal', {}, { timeout: 5000 })).toBeTruthy();
  });
});

const RecentProbe = () => {
  const recent = useRecentGames('', true);
  return <output data-testid="recent-count">{recent.data ? recent.data.length : 'loading'}</output>;
};

describe('recent games', () => {
  it('loads page after page until the last (spec §4)', async () => {
    const pages = [
      Array.from({ length: 15 }, (_, i) => game(i + 1)),
      Array.from({ length: 15 }, (_, i) => game(i + 16)),
      Array.from({ length: 4 }, (_, i) => game(i + 31)),
    ];
    const fetchMock = serve({
      '/wps/member/info': memberInfo(0),
      '/GCS_recentGame': (url) => {
        const pageNo = Number(url.searchParams.get('pageNo'));
        return ok({ list: pages[pageNo - 1] ?? [], totalPages: 3, totalCount: 34, pageNo });
      },
    });
    signInAs(0);
    renderApp(<RecentProbe />, { status: makeStatus() });
    await waitFor(() => expect(screen.getByTestId('recent-count').textContent).toBe('34'));
    expect(callsTo(fetchMock, 'GCS_recentGame').map((u) => u.searchParams.get('pageNo'))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('shows the recent-games panel to a member only: not to a visitor, not to a trial account', async () => {
    const fetchMock = serve({
      '/wps/member/info': memberInfo(0),
      '/GCS_recentGame': () => ok({ list: [game(1), game(2)], totalPages: 1, totalCount: 2, pageNo: 1 }),
    });
    const visitor = renderApp(<RecentGamesPanel />, { status: makeStatus() });
    expect(screen.queryByTestId('recent-panel')).toBeNull();
    visitor.unmount();

    serve({ '/wps/member/info': memberInfo(4) });
    signInAs(4);
    const trial = renderApp(<RecentGamesPanel />, { status: makeStatus() });
    await act(async () => {});
    expect(screen.queryByTestId('recent-panel')).toBeNull();
    trial.unmount();
    act(() => clearSession());

    const memberFetch = serve({
      '/wps/member/info': memberInfo(0),
      '/GCS_recentGame': () => ok({ list: [game(1), game(2)], totalPages: 1, totalCount: 2, pageNo: 1 }),
    });
    signInAs(0);
    renderApp(<RecentGamesPanel />, { status: makeStatus() });
    expect(await screen.findByTestId('recent-panel')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GCS_recentGame')).toHaveLength(0);
    expect(callsTo(memberFetch, 'GCS_recentGame')).toHaveLength(1);
  });
});

const HotProbe = ({ vendor, enabled }: { vendor: string; enabled: boolean }) => {
  const hot = useHotGames(vendor, enabled);
  return <output data-testid="hot">{hot.data ? hot.data.map((g) => g.nodeId).join(',') : 'none'}</output>;
};

describe('hot games (session storage HOT_GAMES)', () => {
  it('asks once for every hot game, keeps them in HOT_GAMES and picks a vendor from that copy', async () => {
    const list = [game(1), { ...game(2), vendor: 'JILI', vassalage: 'JILI', nodeId: 'jili-rng-0002' }];
    const fetchMock = serve({ '/GCSGAME_hotGamesV2': () => ok({ list }) });
    const first = renderApp(<HotProbe vendor="" enabled />, { status: makeStatus() });
    await waitFor(() => expect(screen.getByTestId('hot').textContent).toBe('pg-rng-0001,jili-rng-0002'));
    const asked = callsTo(fetchMock, '/GCSGAME_hotGamesV2');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.get('vassalage')).toBeNull();
    const kept = JSON.parse(sessionStorage.getItem(HOT_GAMES_KEY) ?? '{}');
    expect(kept.language).toBe('en');
    expect(kept.list).toHaveLength(2);
    first.unmount();

    // A later page (a new query cache) reads the session copy without asking, even when enabled.
    const again = serve({});
    renderApp(<HotProbe vendor="JILI" enabled />, { status: makeStatus() });
    expect(screen.getByTestId('hot').textContent).toBe('jili-rng-0002');
    await act(async () => {});
    expect(again).not.toHaveBeenCalled();
  });

  it('waits (enabled: false) without a copy: nothing is asked for', async () => {
    const fetchMock = serve({});
    renderApp(<HotProbe vendor="" enabled={false} />, { status: makeStatus() });
    await act(async () => {});
    expect(screen.getByTestId('hot').textContent).toBe('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
