export { createLotteryService, type LotteryService } from './lottery';
export { registerCatalogueRoutes } from './routes';
export { foldText, searchTextOf } from './search';
export { type BrandLanes, type CatalogueService, createCatalogueService } from './service';
