export { foldText, searchTextOf } from '../../shared/search-text';
export { runImportCli } from './import-cli';
export { createLotteryService, type LotteryService } from './lottery';
export { registerCatalogueRoutes } from './routes';
export { type BrandLanes, type CatalogueService, createCatalogueService } from './service';
export { bumpVersion } from './store';
