import { GAME_BALANCE_MESSAGE } from '@khela/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { BALANCE_QUERY_KEY } from '../../shared/state/balance';

/** Shared by the pages that show a game in an iframe: `/game`, `/seamless`, `/fbsports`. */

export const originOf = (url: string) => {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return null;
  }
};

/**
 * The game reports each round with `postMessage({ type: 'khela:balance' })` from its origin: the
 * header balance is refetched at once. Leaving the page refetches balance, recent games, the
 * jackpot pool and the winner board too (a big win of the game shows on the board at once).
 */
export const useGameBalanceMessages = (gameUrl: string | undefined) => {
  const client = useQueryClient();
  const gameOrigin = gameUrl ? originOf(gameUrl) : null;
  useEffect(() => {
    if (!gameOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== gameOrigin) return;
      const data = event.data as { type?: unknown } | null;
      if (data && typeof data === 'object' && data.type === GAME_BALANCE_MESSAGE)
        void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [gameOrigin, client]);
  useEffect(
    () => () => {
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['recent-games'] });
      void client.invalidateQueries({ queryKey: ['jackpot-pool'] });
      // WINNER_BOARD_QUERY_KEY of winner-board-query.ts, spelled out: importing it would make every
      // game page group depend on that chunk, listed in the first bundle's preload map.
      void client.invalidateQueries({ queryKey: ['winner-board'] });
    },
    [client],
  );
};

/** The height that makes the box fill the window below its top (whatever the header above). */
export const useFillHeight = (box: RefObject<HTMLElement | null>) => {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    const fit = () => {
      const top = node.getBoundingClientRect().top + window.scrollY;
      const viewport = window.visualViewport?.height ?? window.innerHeight;
      setHeight(Math.max(320, Math.round(viewport - top)));
    };
    fit();
    window.addEventListener('resize', fit);
    window.visualViewport?.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      window.visualViewport?.removeEventListener('resize', fit);
    };
  }, [box]);
  return height;
};
