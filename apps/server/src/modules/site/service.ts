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
import { LRUCache } from 'lru-cache';
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
  /** Image and game-launch hosts of every merchant (IMAGE_CDNS, LAUNCH_GAME_CDNS), over the stored lists. */
  cdn?: { imageCDNs?: string[] | undefined; launchGameCDNs?: string[] | undefined };
};

type Snapshot = {
  version: number;
  merchants: Merchant[];
  settings: Map<string, Settings>;
  flags: Map<string, Record<string, boolean>>;
};

/** Permission answers kept per settings snapshot (one per caller: merchant, IP, language). */
const STATUS_ANSWERS_KEPT = 5_000;

/**
 * An operator text in the caller's language; where that one is missing or empty, in the
 * merchant's default language, then English, then any written one (issue 24).
 */
export const pickText = (text: Localized, language: Language, fallback?: Language) => {
  const written = (value: string | undefined) => (value?.trim() ? value : undefined);
  return (
    written(text[language]) ??
    (fallback ? written(text[fallback]) : undefined) ??
    written(text.en) ??
    Object.values(text).find((value) => written(value)) ??
    ''
  );
};

/** An operator text in the caller's language when one is set, else the plain field. */
const textIn = (plain: string, translated: string | undefined) => (translated?.trim() ? translated : plain);

/** The maintenance setting as a caller in `language` sees it: title and info in that language. */
export const maintenanceIn = (m: Settings['maintenance'], language: Language, enabled = m.enabled) => ({
  enabled,
  title: textIn(m.title, m.translations?.[language]?.title),
  endTime: m.endTime,
  info: textIn(m.info, m.translations?.[language]?.info),
});

/** The region-block info in `language` when the operator set one, else the plain info. */
export const regionInfoIn = (r: Settings['region'], language: Language) =>
  textIn(r.info, r.translations?.[language]?.info);

/** Brand, merchants and site settings: cached in memory, refreshed when the stored version moves. */
export const createSiteService = ({
  db,
  now = () => new Date(),
  blockedCountries,
  cacheMs = 2000,
  cdn,
}: Deps) => {
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
      // The brand's currency symbol and languages are the merchant's own: what the site really uses.
      typed.brand = {
        ...typed.brand,
        defaultCurrencySymbol: m.currencySymbol,
        defaultLanguage: m.defaultLanguage,
        supportLanguages: [...m.languages],
      };
      typed.cdn = {
        imageCDNs: cdn?.imageCDNs ?? typed.cdn.imageCDNs,
        launchGameCDNs: cdn?.launchGameCDNs ?? typed.cdn.launchGameCDNs,
      };
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

  /** The settings version `current()` would answer with, or undefined when it is due for a check. */
  const freshVersion = () =>
    snapshot !== null && Date.now() - checkedAt <= cacheMs ? snapshot.version : undefined;

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
  const statusOfCaller = (snap: Snapshot, merchant: Merchant, ip: string, language: Language) => {
    const s = snap.settings.get(merchant.code) ?? settingsOf(merchant.code);
    const country = countryOfIp(ip);
    const maintenanceOn =
      s.maintenance.enabled && (s.maintenance.endTime === null || s.maintenance.endTime > now().getTime());
    const restricted = isBlocked(merchant.code, country);
    return {
      status: maintenanceOn ? 1 : restricted ? 2 : 0,
      location: { ip, country },
      maintenance: maintenanceIn(s.maintenance, language, maintenanceOn),
      regionRestriction: { restricted, country, info: regionInfoIn(s.region, language) },
    } satisfies Omit<SystemStatus, 'info' | 'settingsVersion'>;
  };

  /** The permission call: everything the site needs before it can draw its first screen. */
  const getStatus = async (
    merchant: Merchant,
    ip: string,
    language: Language = merchant.defaultLanguage,
  ): Promise<SystemStatus> => {
    const snap = await current();
    const caller = statusOfCaller(snap, merchant, ip, language);
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
   * The whole answer is kept per snapshot for each caller (merchant, IP, language, maintenance on
   * or off), so a visitor's repeated calls build nothing.
   */
  const statusAnswers = new WeakMap<Snapshot, LRUCache<string, { chunks: Buffer[]; cacheKey: string }>>();
  const getStatusJson = async (
    merchant: Merchant,
    ip: string,
    language: Language = merchant.defaultLanguage,
  ) => {
    const snap = await current();
    const m = (snap.settings.get(merchant.code) ?? settingsOf(merchant.code)).maintenance;
    const maintenanceOn = m.enabled && (m.endTime === null || m.endTime > now().getTime());
    let answers = statusAnswers.get(snap);
    if (!answers) {
      answers = new LRUCache({ max: STATUS_ANSWERS_KEPT });
      statusAnswers.set(snap, answers);
    }
    const key = `${merchant.code}\u0000${ip}\u0000${language}\u0000${maintenanceOn ? 1 : 0}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      const caller = statusOfCaller(snap, merchant, ip, language);
      const head = `{"status":${caller.status},"settingsVersion":${snap.version},"info":`;
      const tail =
        `,"location":${JSON.stringify(caller.location)}` +
        `,"maintenance":${JSON.stringify(caller.maintenance)}` +
        `,"regionRestriction":${JSON.stringify(caller.regionRestriction)}}`;
      // The cached info is fixed by the snapshot version and the merchant.
      answer = {
        chunks: [Buffer.from(head), infoJson(snap, merchant), Buffer.from(tail)],
        cacheKey: `${snap.version}\u0000${key}`,
      };
      answers.set(key, answer);
    }
    return answer;
  };

  /**
   * Names everything a merchant's permission answer depends on besides the caller (merchant, IP,
   * language): the settings version and whether maintenance is on now (it ends at its end time).
   * Undefined when the cached settings are due for their version check.
   */
  const statusStamp = (merchantCode: string) => {
    const version = freshVersion();
    if (version === undefined) return undefined;
    return version * 2 + (isInMaintenance(merchantCode) ? 1 : 0);
  };

  const isInMaintenance = (merchantCode: string) => {
    const m = settingsOf(merchantCode).maintenance;
    return m.enabled && (m.endTime === null || m.endTime > now().getTime());
  };

  /**
   * The `value` of a call refused for maintenance (API-FACTS §1.3): the maintenance fields in the
   * caller's language plus `content.data.{maintainTime,endTime}` (epoch ms; maintainTime is when it
   * was turned on, null when unknown; endTime null when open-ended).
   */
  const maintenanceRefusal = (merchantCode: string, language: Language) => {
    const m = settingsOf(merchantCode).maintenance;
    return {
      ...maintenanceIn(m, language),
      content: { data: { maintainTime: m.startTime ?? null, endTime: m.endTime } },
    };
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
    let parsed = settingSchemas[key].parse(value);
    if (key === 'maintenance') {
      // The server, not the caller, records when maintenance was turned on (maintainTime).
      const before = settingsOf(merchantCode).maintenance;
      const next = parsed as Settings['maintenance'];
      const startTime = next.enabled ? (before.enabled ? (before.startTime ?? null) : now().getTime()) : null;
      parsed = { ...next, startTime } as typeof parsed;
    }
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

  /**
   * Writes a merchant's currency symbol, languages and default language (what the site shows and
   * answers in) inside the caller's transaction, and bumps the version; `refresh()` after commit.
   */
  const updateMerchantLocale = async (
    merchantCode: string,
    locale: { currencySymbol: string; languages: Language[]; defaultLanguage: Language },
    trx: Kysely<DB>,
  ) => {
    const parsed = merchantSchema
      .pick({ currencySymbol: true, languages: true, defaultLanguage: true })
      .parse(locale);
    if (!parsed.languages.includes(parsed.defaultLanguage))
      throw new Error('the default language must be one of the languages');
    await store.writeMerchantLocale(trx, merchantCode, parsed);
    await store.bumpVersion(trx);
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
    const fallback = (await current()).merchants.find((m) => m.code === merchantCode)?.defaultLanguage;
    for (const row of rows) {
      const base = {
        id: row.id,
        title: pickText(row.title, language, fallback),
        content: pickText(row.content, language, fallback),
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
    const fallback = (await current()).merchants.find((m) => m.code === merchantCode)?.defaultLanguage;
    const toArticle = (row: (typeof rows)[number]): HelpArticle => ({
      id: row.id,
      title: pickText(row.title, language, fallback),
      content: pickText(row.content, language, fallback),
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
    freshVersion,
    statusStamp,
    defaultMerchant,
    findMerchant,
    isModuleEnabled,
    isInMaintenance,
    maintenanceRefusal,
    getStatus,
    getStatusJson,
    getWhitelabel,
    getRegisterRules,
    getDomainRoute,
    updateSetting,
    updateMerchantLocale,
    getAnnouncements,
    getHelpCenter,
    getMedia,
    settingsOf,
  };
};

export type SiteService = ReturnType<typeof createSiteService>;
