import { endpoint } from '../core/endpoint';

/** Brand, flags, register rules, status, domain routes, help centre and announcements; and their back-office screens (settings, content, media). */
export const siteEndpoints = {
  systemStatus: endpoint({ method: 'GET', path: '/wps/system/status', modId: 'COMM3', auth: false }),
  whitelabel: endpoint({ method: 'GET', path: '/wps/system/whitelabel', modId: 'COMM3', auth: false }),
  registerSettings: endpoint({
    method: 'GET',
    path: '/wps/system/setting/register',
    modId: 'REG3',
    auth: false,
  }),
  domainRoute: endpoint({ method: 'GET', path: '/wps/system/domainRoute', modId: 'COMM3', auth: false }),
  helpCenter: endpoint({ method: 'GET', path: '/wps/system/helpCenter', modId: 'COMM3', auth: false }),
  announcements: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    modId: 'COMM3',
    auth: false,
  }),
  boSettings: endpoint({ method: 'GET', path: '/bo/api/settings', modId: null, auth: false, staff: true }),
  boSettingsUpdate: endpoint({
    method: 'PUT',
    path: '/bo/api/settings',
    modId: null,
    auth: false,
    staff: true,
  }),
  boFlag: endpoint({ method: 'PUT', path: '/bo/api/settings/flag', modId: null, auth: false, staff: true }),
  /** multipart/form-data, one `file` part: PNG, JPEG or WebP up to 5 MB (checked by magic bytes). */
  boMediaUpload: endpoint({ method: 'POST', path: '/bo/api/media', modId: null, auth: false, staff: true }),
  boAnnouncements: endpoint({
    method: 'GET',
    path: '/bo/api/announcements',
    modId: null,
    auth: false,
    staff: true,
  }),
  boAnnouncementsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/announcements.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boAnnouncementSave: endpoint({
    method: 'PUT',
    path: '/bo/api/announcements',
    modId: null,
    auth: false,
    staff: true,
  }),
  boHelpList: endpoint({ method: 'GET', path: '/bo/api/help', modId: null, auth: false, staff: true }),
  boHelpCsv: endpoint({
    method: 'GET',
    path: '/bo/api/help.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boHelpSave: endpoint({ method: 'PUT', path: '/bo/api/help', modId: null, auth: false, staff: true }),
} as const;
