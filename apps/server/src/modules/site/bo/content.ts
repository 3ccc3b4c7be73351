import { createHash } from 'node:crypto';
import type { boAnnouncementInput, boHelpInput } from '@khela/contract';
import { type Kysely, sql } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { DB, Localized } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { sniffImage } from '../../../shared/images';
import { type Actor, appendAudit, assertCan, csvStream } from '../../staff';
import type { SiteService } from '../service';

export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

/** Rich text of notices and help articles: formatting, links and images only; no script, style or handlers. */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'iframe'),
    'img',
    'span',
    'u',
    's',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['class'],
  },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitizeLocalized = (text: Localized): Localized =>
  Object.fromEntries(
    Object.entries(text)
      .filter(([, v]) => typeof v === 'string')
      .map(([k, v]) => [k, sanitizeHtml(v as string, SANITIZE_OPTIONS)]),
  );

const plainLocalized = (text: Localized): Localized =>
  Object.fromEntries(
    Object.entries(text)
      .filter(([, v]) => typeof v === 'string')
      .map(([k, v]) => [k, sanitizeHtml(v as string, { allowedTags: [], allowedAttributes: {} })]),
  );

type Deps = { db: Kysely<DB>; site: SiteService; now: () => Date };
type AnnouncementInput = z.output<typeof boAnnouncementInput>;
type HelpInput = z.output<typeof boHelpInput>;

export type AnnouncementFilter = {
  merchant: string;
  kind?: 'B' | 'PL' | 'PU' | 'PR' | undefined;
  groupName?: string | undefined;
  sort: 'sort' | 'createdAt' | 'startAt' | 'endAt' | 'kind';
};
const ANNOUNCEMENT_SORT_COLUMNS = {
  sort: 'sort',
  createdAt: 'created_at',
  startAt: 'start_at',
  endAt: 'end_at',
  kind: 'kind',
} as const;

export type HelpFilter = {
  merchant: string;
  q?: string | undefined;
  parent?: 'root' | number | undefined;
  display?: 'shown' | 'hidden' | undefined;
  sort: 'sort' | 'tag' | 'id';
};

/** LIKE pattern of a user's text: its wildcards are matched literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ANNOUNCEMENT_CSV_COLUMNS = [
  'id',
  'merchant',
  'kind',
  'groupName',
  'title',
  'linkageType',
  'link',
  'mediaId',
  'execution',
  'startAt',
  'endAt',
  'sort',
  'enabled',
] as const;
const HELP_CSV_COLUMNS = [
  'id',
  'merchant',
  'parentId',
  'tag',
  'title',
  'bgColor',
  'sort',
  'display',
] as const;

/** Banners, notices, popups, promotions, help articles and their images. */
export const createContentOps = ({ db, site, now }: Deps) => {
  const assertMerchant = (code: string) => {
    if (!site.findMerchant(code)) throw new AppError('not.found', { value: { merchant: code } });
  };

  const uploadMedia = async (actor: Actor, bytes: Uint8Array) => {
    assertCan(actor, 'content.write');
    if (bytes.length === 0 || bytes.length > MEDIA_MAX_BYTES)
      throw new AppError('validation.failed', { value: { fields: { file: 'size' } } });
    const mime = sniffImage(bytes);
    if (!mime) throw new AppError('validation.failed', { value: { fields: { file: 'type' } } });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('media')
        .values({ id: sha256, mime, bytes, sha256 })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await appendAudit(
        trx,
        actor,
        { action: 'media.upload', target: `media:${sha256}`, after: { mime, size: bytes.length } },
        now(),
      );
    });
    return { id: sha256, url: `/media/${sha256}`, mime, size: bytes.length };
  };

  const toRow = (r: Awaited<ReturnType<typeof readOne>>) => {
    if (!r) throw new AppError('not.found');
    return {
      id: r.id,
      merchant: r.merchant_code,
      kind: r.kind,
      groupName: r.group_name,
      title: r.title as Record<string, string>,
      content: r.content as Record<string, string>,
      linkageType: r.linkage_type,
      link: r.link,
      mediaId: r.media_id,
      execution: r.execution,
      category: r.category,
      startAt: r.start_at?.getTime() ?? null,
      endAt: r.end_at?.getTime() ?? null,
      sort: r.sort,
      enabled: r.enabled,
    };
  };
  const readOne = (trx: Kysely<DB>, id: number) =>
    trx.selectFrom('announcement').selectAll().where('id', '=', id).executeTakeFirst();

  const announcementQuery = (filter: AnnouncementFilter) => {
    let q = db.selectFrom('announcement').where('merchant_code', '=', filter.merchant);
    if (filter.kind) q = q.where('kind', '=', filter.kind);
    if (filter.groupName) q = q.where('group_name', '=', filter.groupName);
    return q;
  };

  const announcementRows = async (
    filter: AnnouncementFilter,
    order: 'asc' | 'desc',
    limit: number,
    offset: number,
  ) =>
    (
      await announcementQuery(filter)
        .selectAll()
        // Unscheduled (null) dates sort last either way.
        .orderBy(sql.ref(ANNOUNCEMENT_SORT_COLUMNS[filter.sort]), sql.raw(`${order} nulls last`))
        .orderBy('id', order)
        .limit(limit)
        .offset(offset)
        .execute()
    ).map(toRow);

  const listAnnouncements = async (
    actor: Actor,
    filter: AnnouncementFilter,
    order: 'asc' | 'desc',
    page: number,
    pageSize: number,
  ) => {
    assertCan(actor, 'content.write');
    const [items, count] = await Promise.all([
      announcementRows(filter, order, pageSize, (page - 1) * pageSize),
      announcementQuery(filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n), page, pageSize };
  };

  const announcementsCsv = async (actor: Actor, filter: AnnouncementFilter, order: 'asc' | 'desc') => {
    assertCan(actor, 'content.write');
    return csvStream(ANNOUNCEMENT_CSV_COLUMNS, async (limit, offset) =>
      (await announcementRows(filter, order, limit, offset)).map((a) => ({
        ...a,
        startAt: a.startAt === null ? null : new Date(a.startAt).toISOString(),
        endAt: a.endAt === null ? null : new Date(a.endAt).toISOString(),
      })),
    );
  };

  const saveAnnouncement = async (actor: Actor, input: AnnouncementInput) => {
    assertCan(actor, 'content.write');
    assertMerchant(input.merchant);
    const values = {
      merchant_code: input.merchant,
      kind: input.kind,
      group_name: input.kind === 'B' ? input.groupName : null,
      title: JSON.stringify(plainLocalized(input.title)),
      content: JSON.stringify(sanitizeLocalized(input.content)),
      linkage_type: input.linkageType,
      link: input.linkageType === 'NONE' ? null : input.link,
      media_id: input.mediaId,
      execution: input.kind === 'PU' ? input.execution : null,
      category: input.kind === 'PR' ? input.category : null,
      start_at: input.startAt === null ? null : new Date(input.startAt),
      end_at: input.endAt === null ? null : new Date(input.endAt),
      sort: input.sort,
      enabled: input.enabled,
    };
    return db.transaction().execute(async (trx) => {
      if (input.mediaId) {
        const media = await trx
          .selectFrom('media')
          .select('id')
          .where('id', '=', input.mediaId)
          .executeTakeFirst();
        if (!media) throw new AppError('not.found', { value: { mediaId: input.mediaId } });
      }
      let id: number;
      let before: unknown = null;
      if (input.id === undefined) {
        id = (await trx.insertInto('announcement').values(values).returning('id').executeTakeFirstOrThrow())
          .id;
      } else {
        const existing = await readOne(trx, input.id);
        if (!existing || existing.merchant_code !== input.merchant) throw new AppError('not.found');
        before = toRow(existing);
        await trx.updateTable('announcement').set(values).where('id', '=', input.id).execute();
        id = input.id;
      }
      const after = toRow(await readOne(trx, id));
      await appendAudit(
        trx,
        actor,
        {
          action: input.id === undefined ? 'content.announcement.create' : 'content.announcement.update',
          target: `announcement:${id}`,
          before,
          after,
        },
        now(),
      );
      return { id };
    });
  };

  const saveHelp = async (actor: Actor, input: HelpInput) => {
    assertCan(actor, 'content.write');
    assertMerchant(input.merchant);
    const values = {
      merchant_code: input.merchant,
      parent_id: input.parentId,
      tag: input.tag,
      title: JSON.stringify(plainLocalized(input.title)),
      content: JSON.stringify(sanitizeLocalized(input.content)),
      bg_color: input.bgColor,
      sort: input.sort,
      display: input.display,
    };
    const read = (trx: Kysely<DB>, id: number) =>
      trx.selectFrom('help_article').selectAll().where('id', '=', id).executeTakeFirst();
    return db.transaction().execute(async (trx) => {
      if (input.parentId !== null) {
        const parent = await read(trx, input.parentId);
        if (!parent || parent.merchant_code !== input.merchant || parent.id === input.id)
          throw new AppError('not.found', { value: { parentId: input.parentId } });
      }
      let id: number;
      let before: unknown = null;
      if (input.id === undefined) {
        id = (await trx.insertInto('help_article').values(values).returning('id').executeTakeFirstOrThrow())
          .id;
      } else {
        const existing = await read(trx, input.id);
        if (!existing || existing.merchant_code !== input.merchant) throw new AppError('not.found');
        before = existing;
        await trx.updateTable('help_article').set(values).where('id', '=', input.id).execute();
        id = input.id;
      }
      await appendAudit(
        trx,
        actor,
        {
          action: input.id === undefined ? 'content.help.create' : 'content.help.update',
          target: `help:${id}`,
          before,
          after: await read(trx, id),
        },
        now(),
      );
      return { id };
    });
  };

  const helpQuery = (filter: HelpFilter) => {
    let q = db.selectFrom('help_article').where('merchant_code', '=', filter.merchant);
    if (filter.parent === 'root') q = q.where('parent_id', 'is', null);
    else if (filter.parent !== undefined) q = q.where('parent_id', '=', filter.parent);
    if (filter.display) q = q.where('display', '=', filter.display === 'shown');
    if (filter.q) {
      const like = contains(filter.q.toLowerCase());
      q = q.where((eb) => eb.or([eb('tag', 'like', like), eb(sql`lower(title::text)`, 'like', like)]));
    }
    return q;
  };

  const helpRows = async (filter: HelpFilter, order: 'asc' | 'desc', limit: number, offset: number) =>
    (
      await helpQuery(filter)
        .selectAll()
        .orderBy(filter.sort, order)
        .orderBy('id', order)
        .limit(limit)
        .offset(offset)
        .execute()
    ).map((r) => ({
      id: r.id,
      merchant: r.merchant_code,
      parentId: r.parent_id,
      tag: r.tag,
      title: r.title as Record<string, string>,
      content: r.content as Record<string, string>,
      bgColor: r.bg_color,
      sort: r.sort,
      display: r.display,
    }));

  /** A merchant's help-centre articles for the editor: filtered, sorted, paged. */
  const listHelp = async (
    actor: Actor,
    filter: HelpFilter,
    order: 'asc' | 'desc',
    page: number,
    pageSize: number,
  ) => {
    assertCan(actor, 'content.write');
    assertMerchant(filter.merchant);
    const [items, count] = await Promise.all([
      helpRows(filter, order, pageSize, (page - 1) * pageSize),
      helpQuery(filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n), page, pageSize };
  };

  const helpCsv = async (actor: Actor, filter: HelpFilter, order: 'asc' | 'desc') => {
    assertCan(actor, 'content.write');
    assertMerchant(filter.merchant);
    return csvStream(HELP_CSV_COLUMNS, (limit, offset) => helpRows(filter, order, limit, offset));
  };

  return {
    uploadMedia,
    listAnnouncements,
    announcementsCsv,
    saveAnnouncement,
    saveHelp,
    listHelp,
    helpCsv,
  };
};
