import {
  type Announcements,
  flattenWhitelabel,
  type HelpArticle,
  type Language,
  type Merchant,
  merchant as merchantSchema,
  type SystemStatus,
  systemStatusValue,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB, Localized } from '../../db/schema';
import { obfuscateCsPath } from './cs-path';
import { countryOfIp } from './location';
import { type SettingKey, type Settings, settingSchemas } from './settings';
import * as store from './store';

type Deps = {
  db: Kysely<DB>;
  now?: () => Date;
  /** Overrides every merchant's blocked-country list (BLOCKED_COUNTRIES). */
  blockedCountries?: string[] | undefined;
  /** How long a cached copy of the settings may be served before the version is checked. */
  cacheMs?: number;
};

type Snapshot = {
  version: number;
  merchants: Merchant[];
  settings: Map<string, Settings>;
  flags: Map<string, Record<string, boolean>>;
};

const pick = (text: Localized, language: Language) =>
  text[language] ?? text.en ?? Object.values(text)[0] ?? '';

/** Brand, merchants and site settings: cached in memory, refreshed when the stored version moves. */
export const createSiteService = ({ db, now = () => new Date(), blockedCountries, cacheMs = 2000 }: Deps) => {
  let snapshot: Snapshot | null = null;
  let checkedAt = 0;

  const load = async (): Promise<Snapshot> => {
    const [version, merchantRows, settingRows] = await Promise.all([
      store.readVersion(db),
      store.readMerchants(db),
      store.readSettings(db),
    ]);
    const merchants = merchantRows.map((row) =>
      merchantSchema.parse({
        code: row.code,
        name: row.name,
        country: row.country,
        currency: row.currency,
        currencySymbol: row.currency_symbol,
        languages: row.languages,
        defaultLanguage: row.default_language,
        dialCode: row.dial_code,
      }),
    );
    const settings = new Map<string, Settings>();
    const flags = new Map<string, Record<string, boolean>>();
    for (const m of merchants) {
      const raw = Object.fromEntries(
        settingRows.filter((r) => r.merchant_code === m.code).map((r) => [r.key, r.value]),
      );
      const parsed = {} as Record<string, unknown>;
      for (const [key, schema] of Object.entries(settingSchemas)) {
        const result = schema.safeParse(raw[key]);
        if (!result.success)
          throw new Error(`site setting ${m.code}.${key} is missing or invalid: ${result.error.message}`);
        parsed[key] = result.data;
      }
      const typed = parsed as Settings;
      settings.set(m.code, typed);
      flags.set(m.code, flattenWhitelabel(typed.whitelabel as Parameters<typeof flattenWhitelabel>[0]));
    }
    return { version, merchants, settings, flags };
  };

  /** Loads the settings; call once at start-up so requests never see an empty cache. */
  const refresh = async () => {
    snapshot = await load();
    checkedAt = Date.now();
    return snapshot;
  };

  const current = async () => {
    if (!snapshot) return refresh();
    if (Date.now() - checkedAt > cacheMs) {
      checkedAt = Date.now();
      const version = await store.readVersion(db);
      if (version !== snapshot.version) await refresh();
    }
    return snapshot;
  };

  /** True while `current()` would answer from memory without asking the database. */
  const isFresh = () => snapshot !== null && Date.now() - checkedAt <= cacheMs;

  const loaded = () => {
    if (!snapshot) throw new Error('site service used before refresh()');
    return snapshot;
  };

  const settingsOf = (merchantCode: string) => {
    const s = loaded().settings.get(merchantCode);
    if (!s) throw new Error(`unknown merchant ${merchantCode}`);
    return s;
  };

  const defaultMerchant = () => {
    const snap = loaded();
    const first = snap.merchants[0];
    if (!first) throw new Error('no merchant configured');
    const brandMerchant = snap.settings.get(first.code)?.brand.merchant;
    return snap.merchants.find((m) => m.code === brandMerchant) ?? first;
  };

  const findMerchant = (code: string) => loaded().merchants.find((m) => m.code === code);

  const isModuleEnabled = (merchantCode: string, modId: string) =>
    loaded().flags.get(merchantCode)?.[modId] === true;

  const isBlocked = (merchantCode: string, country: string | null) => {
    if (!country) return false;
    const list = blockedCountries ?? settingsOf(merchantCode).region.blockedCountries;
    return list.includes(country);
  };

  /** The part of the permission answer that only changes with the settings. */
  const statusInfo = (snap: Snapshot, merchant: Merchant): SystemStatus['info'] => {
    const s = snap.settings.get(merchant.code) ?? settingsOf(merchant.code);
    return {
      brand: s.brand,
      merchant,
      merchants: snap.merchants,
      whitelabel: s.whitelabel,
      register: s.register,
      resources: s.resources,
      customerService: s.customerService.map(({ url, key, ...rest }) => ({
        ...rest,
        path: obfuscateCsPath(url, key),
      })),
      domainRoute: s.domainRoute['0'],
      mainDomain: s.mainDomain,
      analytics: s.analytics,
      imageCDNs: s.cdn.imageCDNs,
      launchGameCDNs: s.cdn.launchGameCDNs,
    };
  };

  /** The part that depends on the caller and the time: status, location, maintenance, region. */
  const statusOfCaller = (snap: Snapshot, merchant: Merchant, ip: string) => {
    const s = snap.settings.get(merchant.code) ?? settingsOf(merchant.code);
    const country = countryOfIp(ip);
    const maintenanceOn =
      s.maintenance.enabled && (s.maintenance.endTime === null || s.maintenance.endTime > now().getTime());
    const restricted = isBlocked(merchant.code, country);
    return {
      status: maintenanceOn ? 1 : restricted ? 2 : 0,
      location: { ip, country },
      maintenance: { ...s.maintenance, enabled: maintenanceOn },
      regionRestriction: { restricted, country, info: s.region.info },
    } satisfies Omit<SystemStatus, 'info' | 'settingsVersion'>;
  };

  /** The permission call: everything the site needs before it can draw its first screen. */
  const getStatus = async (merchant: Merchant, ip: string): Promise<SystemStatus> => {
    const snap = await current();
    const caller = statusOfCaller(snap, merchant, ip);
    return {
      status: caller.status,
      settingsVersion: snap.version,
      info: statusInfo(snap, merchant),
      location: caller.location,
      maintenance: caller.maintenance,
      regionRestriction: caller.regionRestriction,
    };
  };

  // The serialised `info` of each merchant, per settings snapshot: it is most of the answer
  // (flag tree, field rules, merchants, obfuscated service links) and the same for every caller.
  const infoJsonCache = new WeakMap<Snapshot, Map<string, Buffer>>();
  const infoJson = (snap: Snapshot, merchant: Merchant) => {
    let perMerchant = infoJsonCache.get(snap);
    if (!perMerchant) {
      perMerchant = new Map();
      infoJsonCache.set(snap, perMerchant);
    }
    let json = perMerchant.get(merchant.code);
    if (json === undefined) {
      // Checked against the contract once per snapshot instead of on every answer.
      json = Buffer.from(JSON.stringify(systemStatusValue.shape.info.parse(statusInfo(snap, merchant))));
      perMerchant.set(merchant.code, json);
    }
    return json;
  };

  /**
   * The permission answer as UTF-8 JSON chunks, together the same as `getStatus` serialised:
   * the cached `info` plus the small per-caller part (the hottest call: every page load makes it).
   */
  const getStatusJson = async (merchant: Merchant, ip: string) => {
    const snap = await current();
    const caller = statusOfCaller(snap, merchant, ip);
    return [
      Buffer.from(`{"status":${caller.status},"settingsVersion":${snap.version},"info":`),
      infoJson(snap, merchant),
      Buffer.from(
        `,"location":${JSON.stringify(caller.location)}` +
          `,"maintenance":${JSON.stringify(caller.maintenance)}` +
          `,"regionRestriction":${JSON.stringify(caller.regionRestriction)}}`,
      ),
    ];
  };

  const isInMaintenance = (merchantCode: string) => {
    const m = settingsOf(merchantCode).maintenance;
    return m.enabled && (m.endTime === null || m.endTime > now().getTime());
  };

  const getWhitelabel = async (merchantCode: string) => {
    await current();
    return settingsOf(merchantCode).whitelabel;
  };

  const getRegisterRules = async (merchantCode: string) => {
    await current();
    return settingsOf(merchantCode).register;
  };

  const getDomainRoute = async (merchantCode: string, device: '0' | '3') => {
    await current();
    return { domainList: settingsOf(merchantCode).domainRoute[device] };
  };

  /**
   * Writes one setting (validated), bumps the version so every node reloads. Given `trx`, writes
   * inside it (with the caller's audit row) and leaves `refresh()` to the caller after commit.
   */
  const updateSetting = async <K extends SettingKey>(
    merchantCode: string,
    key: K,
    value: Settings[K],
    trx?: Kysely<DB>,
  ) => {
    const parsed = settingSchemas[key].parse(value);
    if (trx) {
      await store.writeSetting(trx, merchantCode, key, parsed);
      await store.bumpVersion(trx);
      return;
    }
    await db.transaction().execute(async (t) => {
      await store.writeSetting(t, merchantCode, key, parsed);
      await store.bumpVersion(t);
    });
    await refresh();
  };

  const getAnnouncements = async (
    merchantCode: string,
    language: Language,
    types: string[],
    execution: 'B' | 'A' | 'F',
    mediaUrl: (id: string) => string,
  ): Promise<Announcements> => {
    const kinds = types.filter((t) => t !== 'H');
    // `types=H` alone asks for nothing this module stores; `IN ()` would be invalid SQL.
    const rows = kinds.length > 0 ? await store.readAnnouncements(db, merchantCode, kinds, now()) : [];
    const result: Announcements = { banners: [], player: [], popup: [], promotion: [] };
    for (const row of rows) {
      const base = {
        id: row.id,
        title: pick(row.title, language),
        content: pick(row.content, language),
        createdAt: row.created_at.getTime(),
      };
      if (row.kind === 'B') {
        result.banners.push({
          bannerId: row.id,
          title: base.title,
          url: row.media_id ? mediaUrl(row.media_id) : '',
          groupName: row.group_name ?? 'w_home',
          linkageType: row.linkage_type,
          link: row.link,
        });
      } else if (row.kind === 'PL') {
        result.player.push(base);
      } else if (row.kind === 'PU') {
        // Popups run before login (B), after login (A) or on first login (F); a caller asks for one phase.
        if (row.execution === execution) {
          result.popup.push({
            ...base,
            execution: row.execution,
            imageUrl: row.media_id ? mediaUrl(row.media_id) : null,
          });
        }
      } else {
        result.promotion.push({
          id: row.id,
          title: base.title,
          content: base.content,
          category: (row.category ?? 'other_promo') as Announcements['promotion'][number]['category'],
          announcementImages: row.media_id ? [{ sequence: 1, url: mediaUrl(row.media_id) }] : [],
          startDate: row.start_at?.getTime() ?? null,
          endDate: row.end_at?.getTime() ?? null,
          promotionType: row.promotion_type ?? 'GENERAL',
        });
      }
    }
    return result;
  };

  const getHelpCenter = async (merchantCode: string, language: Language): Promise<HelpArticle[]> => {
    const rows = await store.readHelpArticles(db, merchantCode);
    const toArticle = (row: (typeof rows)[number]): HelpArticle => ({
      id: row.id,
      title: pick(row.title, language),
      content: pick(row.content, language),
      bgColor: row.bg_color,
      lang: language,
      display: row.display,
      tag: row.tag,
      children: rows.filter((child) => child.parent_id === row.id).map(toArticle),
    });
    return rows.filter((row) => row.parent_id === null && row.display).map(toArticle);
  };

  const getMedia = (id: string) => store.readMedia(db, id);

  return {
    refresh,
    current,
    isFresh,
    defaultMerchant,
    findMerchant,
    isModuleEnabled,
    isInMaintenance,
    getStatus,
    getStatusJson,
    getWhitelabel,
    getRegisterRules,
    getDomainRoute,
    updateSetting,
    getAnnouncements,
    getHelpCenter,
    getMedia,
    settingsOf,
  };
};

export type SiteService = ReturnType<typeof createSiteService>;
