import { createHash } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const ORIGINALS = [
  'dice',
  'limbo',
  'crash',
  'plinko',
  'wheel',
  'mines',
  'minesweeper',
  'tower',
  'roulette',
  // Card tables, keno (ADR 043), video poker and scratch cards (ADR 049).
  'baccarat',
  'blackjack',
  'keno',
  'poker',
  'scratch',
];
const CLUSTER_WORDS = ['cluster', 'candy', 'jelly', 'crush', 'pop', 'gummy'];
const HOLD_WORDS = ['hold', 'link', 'cash', 'coin', 'coins', 'money'];

/**
 * Whether a game plays the classic slot: the rule of @khela/fair `gameEngineFor` (looks.ts), which
 * the journeys cannot import (Playwright's loader refuses the package's JSON tables). A drift shows
 * as a journey that opens another engine's screen.
 */
const playsClassic = (nodeId: string, name: string, classify: readonly string[]) => {
  const w = words(name);
  const tags = classify.map((t) => t.toLowerCase());
  // Table games by their two-word names (ADR 034), then the originals by one word.
  if (w.some((x, i) => x === 'dragon' && w[i + 1] === 'tiger')) return false;
  if (w.some((x, i) => x === 'sicbo' || (x === 'sic' && w[i + 1] === 'bo'))) return false;
  if (w.some((x, i) => x === 'black' && w[i + 1] === 'jack')) return false;
  if (w.some((x, i) => x === 'jacks' && w[i + 1] === 'or' && w[i + 2] === 'better')) return false;
  if (tags.includes('scratch')) return false;
  if (w.some((x) => ORIGINALS.includes(x))) return false;
  if (tags.includes('megaways') || w.includes('megaways')) return false;
  if (tags.some((t) => t === 'cluster' || t === 'cluster_pays') || w.some((x) => CLUSTER_WORDS.includes(x)))
    return false;
  if (tags.some((t) => t === 'hold_and_win' || t === 'jackpot') || w.some((x) => HOLD_WORDS.includes(x)))
    return false;
  return (createHash('sha256').update(`${nodeId}|${name}|engine`, 'utf8').digest()[0] ?? 0) < 140;
};

/**
 * The catalogue's games that play the classic 5×3 slot (ADR 032: other entries launch the
 * originals or the other slot engines), found with the same mapping the server uses.
 */
export const classicSlotNodes = async (request: APIRequestContext, filter: string, merchant = 'khelabd') => {
  const res = await request.get(
    `/wps/relay/GCSGAME_gameList?${filter}&pageNo=1&pageSize=60&clientType=3&platform=html5-desktop&language=en`,
    { headers: { Merchant: merchant, Language: 'en' } },
  );
  expect(res.status(), await res.text()).toBe(200);
  const games = (
    (await res.json()) as {
      value: { games: { nodeId: string; gameName: string; gameClassify: string[] }[] };
    }
  ).value.games;
  return games.filter((g) => playsClassic(g.nodeId, g.gameName, g.gameClassify)).map((g) => g.nodeId);
};

/** The first card of the lobby's grid whose game plays the classic slot. */
export const firstClassicCard = async (page: Page, filter: string): Promise<Locator> => {
  const classic = new Set(await classicSlotNodes(page.request, filter));
  const cards = page.getByTestId('game-grid').getByTestId('game-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const count = await cards.count();
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    if (classic.has((await card.getAttribute('data-node-id')) ?? '')) return card;
  }
  throw new Error(`no classic slot among the ${count} cards`);
};
