/**
 * The RNG games of the demo catalogue, generated exactly as the seed generates them (no database):
 * node id and English name, which is all a theme needs.
 */
import { generateDemoCatalogue } from '../apps/server/src/db/seed/catalogue/index';

export type CatalogueRngGame = { nodeId: string; name: string; vendor: string; classify: string[] };

export const generateCatalogueRngGames = (): CatalogueRngGame[] =>
  generateDemoCatalogue()
    .games.filter((g) => g.vendor.gameType === 'RNG')
    .map((g) => ({ nodeId: g.nodeId, name: g.name.en ?? '', vendor: g.vendor.code, classify: g.classify }));
