import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { agencyEndpoints } from './agency/endpoints';
import { cashierEndpoints } from './cashier/endpoints';
import { catalogueEndpoints } from './catalogue/endpoints';
import { demoEndpoints } from './demo/endpoints';
import { endpoints } from './endpoints';
import { gamesEndpoints } from './games/endpoints';
import { identityEndpoints } from './identity/endpoints';
import { inboxEndpoints } from './inbox/endpoints';
import {
  backofficeRoutes,
  boAgencyRoutes,
  boGamesRoutes,
  boLotteryRoutes,
  boLoyaltyRoutes,
  boSportsbookRoutes,
  boTablesRoutes,
  cashierBoRoutes,
  identityBoRoutes,
  promotionsBoRoutes,
  protectionBoRoutes,
  routes,
} from './index';
import { lotteryEndpoints } from './lottery/endpoints';
import { loyaltyEndpoints } from './loyalty/endpoints';
import { promotionsEndpoints } from './promotions/endpoints';
import { protectionEndpoints } from './protection/endpoints';
import { pvpEndpoints } from './pvp/endpoints';
import { siteEndpoints } from './site/endpoints';
import { sportsbookEndpoints } from './sportsbook/endpoints';
import { staffEndpoints } from './staff/endpoints';
import { supportEndpoints } from './support/endpoints';
import { tablesEndpoints } from './tables/endpoints';
import { walletEndpoints } from './wallet/endpoints';

const SRC = dirname(fileURLToPath(import.meta.url));

const moduleTables: Record<string, Record<string, unknown>> = {
  agency: agencyEndpoints,
  cashier: cashierEndpoints,
  catalogue: catalogueEndpoints,
  demo: demoEndpoints,
  games: gamesEndpoints,
  identity: identityEndpoints,
  inbox: inboxEndpoints,
  lottery: lotteryEndpoints,
  loyalty: loyaltyEndpoints,
  promotions: promotionsEndpoints,
  protection: protectionEndpoints,
  pvp: pvpEndpoints,
  site: siteEndpoints,
  sportsbook: sportsbookEndpoints,
  staff: staffEndpoints,
  support: supportEndpoints,
  tables: tablesEndpoints,
  wallet: walletEndpoints,
};

/** The files a module imports at run time (`import type` and `export type` are erased). */
const runtimeImports = (file: string) => {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)';/gms;
  for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
};

const resolveLocal = (from: string, spec: string) => {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  throw new Error(`cannot resolve ${spec} from ${from}`);
};

/** Every package a file reaches at run time through the contract's own files. */
const packagesReached = (entry: string) => {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith('.')) visit(resolveLocal(file, spec));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { packages, files: seen };
};

const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());

describe('contract layout', () => {
  it('assembles the endpoint table from the modules, each name owned by one module', () => {
    const owners = new Map<string, string[]>();
    for (const [module, table] of Object.entries(moduleTables)) {
      for (const name of Object.keys(table)) owners.set(name, [...(owners.get(name) ?? []), module]);
    }
    const shared = [...owners].filter(([, modules]) => modules.length > 1);
    expect(shared).toEqual([]);
    expect(Object.keys(endpoints).sort()).toEqual([...owners.keys()].sort());
    for (const [, table] of Object.entries(moduleTables)) {
      for (const [name, endpoint] of Object.entries(table)) {
        expect(endpoints[name as keyof typeof endpoints]).toBe(endpoint);
      }
    }
  });

  it('gives every route the path, verb and gate of its endpoint of the same name', () => {
    const all = {
      ...routes,
      ...backofficeRoutes,
      ...cashierBoRoutes,
      ...boGamesRoutes,
      ...identityBoRoutes,
      ...boLotteryRoutes,
      ...boLoyaltyRoutes,
      ...protectionBoRoutes,
      ...boAgencyRoutes,
      ...boSportsbookRoutes,
      ...boTablesRoutes,
      ...promotionsBoRoutes,
    };
    expect(Object.keys(all).length).toBe(
      [
        routes,
        backofficeRoutes,
        cashierBoRoutes,
        boGamesRoutes,
        identityBoRoutes,
        boLotteryRoutes,
        boLoyaltyRoutes,
        protectionBoRoutes,
        boAgencyRoutes,
        boSportsbookRoutes,
        boTablesRoutes,
        promotionsBoRoutes,
      ].reduce((sum, table) => sum + Object.keys(table).length, 0),
    );
    for (const [name, route] of Object.entries(all)) {
      const endpoint = endpoints[name as keyof typeof endpoints];
      expect(endpoint, name).toBeDefined();
      for (const [key, value] of Object.entries(endpoint)) {
        expect((route as Record<string, unknown>)[key], `${name}.${key}`).toEqual(value);
      }
    }
    // Every endpoint has its route (no path without schemas).
    expect(Object.keys(endpoints).filter((name) => !(name in all))).toEqual([]);
  });

  it('keeps the browser entry, endpoint tables and constants free of zod at run time', () => {
    const { packages, files } = packagesReached(join(SRC, 'browser.ts'));
    expect([...packages]).toEqual([]);
    // The walk really went through the module folders.
    expect(files.has(join(SRC, 'identity', 'constants.ts'))).toBe(true);
    expect(files.has(join(SRC, 'cashier', 'endpoints.ts'))).toBe(true);
    for (const folder of folders) {
      for (const name of ['endpoints.ts', 'constants.ts']) {
        const file = join(SRC, folder, name);
        try {
          statSync(file);
        } catch {
          continue;
        }
        expect([...packagesReached(file).packages], `${folder}/${name}`).toEqual([]);
      }
    }
  });

  it('has one folder per module, each with its index, and no file over 500 lines', () => {
    for (const folder of folders) {
      const names = readdirSync(join(SRC, folder));
      if (folder !== 'core') expect(names, folder).toContain('index.ts');
      for (const name of names) {
        const lines = readFileSync(join(SRC, folder, name), 'utf8').split('\n').length;
        expect(lines, `${folder}/${name}`).toBeLessThanOrEqual(500);
      }
    }
    const loose = readdirSync(SRC).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(loose.sort()).toEqual(['browser.ts', 'endpoints.ts', 'index.ts', 'routes.ts']);
  });
});
