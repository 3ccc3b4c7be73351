import type { RngLobbyParts } from '../features/lobby/rng-lobby';
import { lazyChunk } from '../shared/chunk';

/**
 * The game feature's parts the slot lobby shows (app/ composes features): the jackpot counter and
 * the winner board, each its own chunk.
 */
export const rngLobbyParts: RngLobbyParts = {
  JackpotCounter: lazyChunk(() =>
    import('../features/game/jackpot-counter').then((module) => ({ default: module.JackpotCounter })),
  ),
  WinnerBoard: lazyChunk(() =>
    import('../features/game/winner-board').then((module) => ({ default: module.WinnerBoard })),
  ),
};
