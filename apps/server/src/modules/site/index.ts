export { MEDIA_MAX_BYTES, SANITIZE_OPTIONS } from './bo/content';
export {
  createSiteBackoffice,
  merchantsForStaff,
  registerSiteBackofficeRoutes,
  type SiteBackoffice,
} from './bo/routes';
export { revealCsPath } from './cs-path';
export { countryOfIp } from './location';
export { MEDIA_PREFIX, registerSiteRoutes } from './routes';
export { createSiteService, type SiteService } from './service';
export { type SettingKey, type Settings, settingSchemas } from './settings';
