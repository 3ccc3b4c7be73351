import type { GamePlayMode } from '../../db/schema';
import type { GameRound } from './rounds';

/**
 * Game providers (docs/decisions/009-games-launch-rounds-jackpot.md). A launch
 * (`/wps/game/launchGame`) resolves the catalogue game, then asks the adapter registered for the
 * game's vendor code for a play URL; RNG games of a vendor without an adapter play the in-house
 * provably fair slot (the `inHouse` adapter of service.ts, rounds in slot.ts).
 *
 * Third-party adapters live in apps/server/src/modules/provider and are registered on the games
 * service: `app.services.games.adapters.register(adapter)` (before the server listens).
 */

export type LaunchGame = {
  nodeId: string;
  gameId: string;
  vendorCode: string;
  gameType: string;
  /** English display name (themes and vendors key on it). */
  name: string;
  /** The catalogue's per-game launch data (`game.launch` jsonb). */
  launch: Record<string, unknown>;
};

export type LaunchContext = {
  merchantCode: string;
  currency: string;
  /** Null: a visitor's free-play launch. */
  member: { id: number; username: string; type: number } | null;
  game: LaunchGame;
  /** `real` (accountType 1) or `demo` (accountType 0, play money). */
  mode: GamePlayMode;
  language: string;
  platform: string;
  /** `GLS` (games) or `LOTT` (lottery), as sent. */
  launchMode: string;
  /** Where the player's browser should be sent back to (the site's origin), when known. */
  returnUrl: string | null;
  /** The launch host picked from the merchant's `launchGameCDNs` ('' = this server). */
  launchHost: string;
  now: Date;
};

export type ProviderAdapter = {
  /** The vendor code (`vassalage`) this adapter serves. */
  code: string;
  /** Returns the URL the game iframe opens. Throw AppError for a refusal the player should see. */
  launch(ctx: LaunchContext): Promise<{ url: string }>;
  /**
   * Optional: the round sweeper calls this for an open round of this vendor idle >= 24 h. It
   * must leave the round settled or cancelled (asking the vendor, or refunding through the
   * ledger and calling `cancelRound`). Without it the sweeper cancels the round and refunds its
   * net stake (stake - payout, when positive) from the house to the member's main wallet.
   */
  reconcile?(round: GameRound): Promise<void>;
};

/**
 * A pass of a provider module over its own idle state, run by the games sweeper after the rounds
 * (e.g. vendor rounds with no round record, expired vendor sessions). Answers how many rounds it
 * closed.
 */
export type SweepHook = () => Promise<number>;

export type AdapterRegistry = {
  register(adapter: ProviderAdapter): void;
  get(vendorCode: string): ProviderAdapter | undefined;
  codes(): string[];
  /** Adds a hook the sweeper runs on every pass (once per name). */
  onSweep(name: string, hook: SweepHook): void;
  sweepHooks(): [string, SweepHook][];
};

export const createAdapterRegistry = (): AdapterRegistry => {
  const adapters = new Map<string, ProviderAdapter>();
  const hooks = new Map<string, SweepHook>();
  return {
    register: (adapter) => {
      if (adapters.has(adapter.code)) throw new Error(`game adapter ${adapter.code} registered twice`);
      adapters.set(adapter.code, adapter);
    },
    get: (code) => adapters.get(code),
    codes: () => [...adapters.keys()].sort(),
    onSweep: (name, hook) => {
      if (hooks.has(name)) throw new Error(`sweep hook ${name} registered twice`);
      hooks.set(name, hook);
    },
    sweepHooks: () => [...hooks.entries()],
  };
};
