import type {} from '@fastify/multipart';
import { identityBoRoutes, backofficeRoutes as r } from '@khela/contract';
import { AppError } from '../../../http/errors';
import { staffActor as actor, type StaffRouter } from '../../staff';
import type { SiteService } from '../service';
import { createContentOps } from './content';
import { createSettingsOps } from './settings';

type Deps = Parameters<typeof createSettingsOps>[0];

/** The site's back office: settings per merchant (flags, rules, brand, sign-in providers) and content. */
export const createSiteBackoffice = (deps: Deps) => ({
  settings: createSettingsOps(deps),
  content: createContentOps(deps),
});
export type SiteBackoffice = ReturnType<typeof createSiteBackoffice>;

/** The merchants of this deployment as the back office's staff see them (`/bo/api/session/me`). */
export const merchantsForStaff = async (site: SiteService) =>
  (await site.current()).merchants.map((m) => ({
    code: m.code,
    name: m.name,
    currencySymbol: m.currencySymbol,
    languages: [...m.languages],
    defaultLanguage: m.defaultLanguage,
  }));

/**
 * `/bo/api/settings*`, images, announcements (banners, notices, popups, promotions) and help.
 * The image upload is multipart: the scope registers @fastify/multipart first.
 */
export const registerSiteBackofficeRoutes = ({ route }: StaffRouter, bo: SiteBackoffice) => {
  route(r.boSettings, async (q) => bo.settings.read(actor(q), q.query.merchant));
  route(r.boSettingsUpdate, async (q) => bo.settings.update(actor(q), q.body.merchant, q.body.setting));
  route(r.boFlag, async (q) => bo.settings.setFlag(actor(q), q.body.merchant, q.body.modId, q.body.enabled));
  route(identityBoRoutes.boSocialSettings, async (q) => bo.settings.readSocial(actor(q), q.query.merchant));
  route(identityBoRoutes.boSocialSettingsUpdate, async (q) => bo.settings.updateSocial(actor(q), q.body));

  route(r.boMediaUpload, async (q) => {
    const a = actor(q);
    if (!q.isMultipart()) throw new AppError('request_body_required');
    const file = await q.file();
    if (!file) throw new AppError('request_body_required');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch {
      throw new AppError('validation.failed', { value: { fields: { file: 'size' } } });
    }
    return bo.content.uploadMedia(a, bytes);
  });
  route(r.boAnnouncements, async (q) => {
    const { page, pageSize, order, ...filter } = q.query;
    return bo.content.listAnnouncements(actor(q), filter, order, page, pageSize);
  });
  route(r.boAnnouncementsCsv, async (q) => {
    const { order, ...filter } = q.query;
    return bo.content.announcementsCsv(actor(q), filter, order);
  });
  route(r.boAnnouncementSave, async (q) => bo.content.saveAnnouncement(actor(q), q.body));
  route(r.boHelpSave, async (q) => bo.content.saveHelp(actor(q), q.body));
  route(r.boHelpList, async (q) => {
    const { page, pageSize, order, ...filter } = q.query;
    return bo.content.listHelp(actor(q), filter, order, page, pageSize);
  });
  route(r.boHelpCsv, async (q) => {
    const { order, ...filter } = q.query;
    return bo.content.helpCsv(actor(q), filter, order);
  });
};
