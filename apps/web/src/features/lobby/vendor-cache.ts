import type { GameLane, GameVendorValue } from '@khela/contract';
import { readSession, removeSession, writeSession } from '../../shared/state/storage';

/** Session storage key of the game-vendor list (spec §4, API-FACTS §2.4). */
export const GAME_VENDOR_KEY = 'gameVendor';

export type VendorCache = { version: number; merchant: string; language: string; lanes: GameLane[] };

const isCache = (value: unknown): value is VendorCache => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.version === 'number' &&
    typeof v.merchant === 'string' &&
    typeof v.language === 'string' &&
    Array.isArray(v.lanes)
  );
};

/** The cached vendor list of this merchant and language, or null (absent, unreadable or another's). */
export const readVendorCache = (merchant: string, language: string): VendorCache | null => {
  const raw = readSession(GAME_VENDOR_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isCache(parsed)) {
      removeSession(GAME_VENDOR_KEY);
      return null;
    }
    return parsed.merchant === merchant && parsed.language === language ? parsed : null;
  } catch {
    removeSession(GAME_VENDOR_KEY);
    return null;
  }
};

/**
 * Takes a fresh answer of `GCSGAME_newGameVendor`: when its version differs from the cached one
 * (an operator changed the catalogue) or the cache is of another merchant or language, the cache
 * is replaced; otherwise the cached copy stays. Answers the lanes to show and whether they changed.
 */
export const acceptVendors = (fresh: GameVendorValue, merchant: string, language: string) => {
  const cached = readVendorCache(merchant, language);
  if (cached && cached.version === fresh.version) return { lanes: cached.lanes, changed: false };
  const next: VendorCache = { version: fresh.version, merchant, language, lanes: fresh.data.lanes };
  removeSession(GAME_VENDOR_KEY);
  writeSession(GAME_VENDOR_KEY, JSON.stringify(next));
  return { lanes: next.lanes, changed: true };
};
