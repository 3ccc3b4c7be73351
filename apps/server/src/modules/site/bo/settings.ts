import type { BoSocialSettingsBody, EditableSetting } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { type Actor, appendAudit, assertCan } from '../../staff';
import type { SiteService } from '../service';
import type { Settings } from '../settings';

type FlagNode = { modId: string; enabled: '1' | '0'; childrenNodes: unknown[] };

/** The stored switch of one module (not the effective state, which also needs every parent on); null when absent. */
export const storedFlag = (nodes: FlagNode[], modId: string): boolean | null => {
  for (const node of nodes) {
    if (node.modId === modId) return node.enabled === '1';
    const inner = storedFlag(node.childrenNodes as FlagNode[], modId);
    if (inner !== null) return inner;
  }
  return null;
};

/** The tree's shape without the switches: two trees of the same modules in the same places match. */
const shapeOf = (nodes: FlagNode[]): unknown =>
  nodes.map((n) => [n.modId, shapeOf(n.childrenNodes as FlagNode[])]);

const refuse = (fields: Record<string, string>): never => {
  throw new AppError('validation.failed', { value: { fields } });
};

/** The tree with one module switched; null when the tree has no such module. */
export const switchFlag = (nodes: FlagNode[], modId: string, enabled: boolean): FlagNode[] | null => {
  let found = false;
  const walk = (list: FlagNode[]): FlagNode[] =>
    list.map((node) => {
      if (node.modId === modId) found = true;
      return {
        ...node,
        enabled: node.modId === modId ? (enabled ? '1' : '0') : node.enabled,
        childrenNodes: walk(node.childrenNodes as FlagNode[]),
      };
    });
  const next = walk(nodes);
  return found ? next : null;
};

type Deps = { db: Kysely<DB>; site: SiteService; now: () => Date };

/** Site settings an operator edits: written through the site service (players see them on the next status fetch). */
export const createSettingsOps = ({ db, site, now }: Deps) => {
  const merchantOf = (code: string) => {
    if (!site.findMerchant(code)) throw new AppError('not.found', { value: { merchant: code } });
    return code;
  };

  const read = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'settings.read');
    await site.current();
    const s = site.settingsOf(merchantOf(merchant));
    return {
      merchant,
      brand: s.brand,
      whitelabel: s.whitelabel,
      register: s.register,
      maintenance: s.maintenance,
      region: s.region,
      customerService: s.customerService,
      resources: s.resources,
    };
  };

  /**
   * Writes the setting and its audit row. The audit row goes first, in its own transaction that
   * is committed only once the setting write succeeded: a refused value leaves neither.
   */
  const write = async <K extends EditableSetting['key']>(
    actor: Actor,
    merchant: string,
    key: K,
    value: Settings[K],
    action: string,
  ) => {
    const at = now();
    await site.current();
    const before = site.settingsOf(merchantOf(merchant))[key];
    await db.transaction().execute(async (trx) => {
      await appendAudit(trx, actor, { action, target: `site:${merchant}:${key}`, before, after: value }, at);
      await site.updateSetting(merchant, key, value, trx);
    });
    await site.refresh();
  };

  /**
   * Checks what the schema cannot: the flag tree keeps its modules (only switches change) and the
   * register rules name the brand's existing fields.
   */
  const checkAgainstStored = (merchant: string, setting: EditableSetting) => {
    const stored = site.settingsOf(merchant);
    if (setting.key === 'whitelabel') {
      const same =
        JSON.stringify(shapeOf(setting.value as FlagNode[])) ===
        JSON.stringify(shapeOf(stored.whitelabel as FlagNode[]));
      if (!same) refuse({ whitelabel: 'tree.mismatch' });
    }
    if (setting.key === 'register') {
      const known = new Set(Object.keys(stored.register));
      const given = Object.keys(setting.value);
      for (const key of given) if (!known.has(key)) refuse({ [`register.${key}`]: 'field.unknown' });
      for (const key of known) if (!given.includes(key)) refuse({ [`register.${key}`]: 'field.missing' });
    }
  };

  /** The brand, with the merchant's currency symbol and languages written to the merchant in the same transaction. */
  const writeBrand = async (actor: Actor, merchant: string, value: Settings['brand']) => {
    const at = now();
    await site.current();
    const before = site.settingsOf(merchantOf(merchant)).brand;
    await db.transaction().execute(async (trx) => {
      await appendAudit(
        trx,
        actor,
        { action: 'settings.brand', target: `site:${merchant}:brand`, before, after: value },
        at,
      );
      await site.updateSetting(merchant, 'brand', value, trx);
      await site.updateMerchantLocale(
        merchant,
        {
          currencySymbol: value.defaultCurrencySymbol,
          languages: value.supportLanguages,
          defaultLanguage: value.defaultLanguage,
        },
        trx,
      );
    });
    await site.refresh();
  };

  const update = async (actor: Actor, merchant: string, setting: EditableSetting) => {
    assertCan(actor, 'settings.write');
    await site.current();
    merchantOf(merchant);
    checkAgainstStored(merchant, setting);
    if (setting.key === 'brand') {
      await writeBrand(actor, merchant, setting.value);
      return { ok: true as const };
    }
    await write(
      actor,
      merchant,
      setting.key,
      setting.value as Settings[typeof setting.key],
      `settings.${setting.key}`,
    );
    return { ok: true as const };
  };

  const setFlag = async (actor: Actor, merchant: string, modId: string, enabled: boolean) => {
    assertCan(actor, 'settings.write');
    await site.current();
    const tree = site.settingsOf(merchantOf(merchant)).whitelabel as FlagNode[];
    const next = switchFlag(tree, modId, enabled);
    if (!next) throw new AppError('not.found', { value: { modId } });
    const at = now();
    await db.transaction().execute(async (trx) => {
      await appendAudit(
        trx,
        actor,
        {
          action: 'settings.flag',
          target: `site:${merchant}:${modId}`,
          // The stored switch, not the effective state (a child of a switched-off parent is off
          // in effect yet keeps its own switch).
          before: { modId, enabled: storedFlag(tree, modId) },
          after: { modId, enabled },
        },
        at,
      );
      await site.updateSetting(merchant, 'whitelabel', next as Settings['whitelabel'], trx);
    });
    await site.refresh();
    return { ok: true as const };
  };

  // Google/Facebook sign-in of a merchant (identity, ADR 015): the client secret is stored with
  // the site settings but never answered, and never written to the audit log.
  const socialView = (merchant: string) => {
    const social = site.settingsOf(merchant).social;
    const view = (p: Settings['social']['google']) =>
      p ? { enabled: p.enabled, issuer: p.issuer, clientId: p.clientId, clientSecretSet: true } : null;
    return { merchant, google: view(social.google), facebook: view(social.facebook) };
  };

  const readSocial = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'settings.read');
    await site.current();
    return socialView(merchantOf(merchant));
  };

  const updateSocial = async (actor: Actor, input: BoSocialSettingsBody) => {
    assertCan(actor, 'settings.write');
    await site.current();
    const merchant = merchantOf(input.merchant);
    const stored = site.settingsOf(merchant).social;
    const before = stored[input.provider];
    const { clientSecret, ...rest } = input.value ?? { clientSecret: undefined };
    const secret = clientSecret ?? before?.clientSecret;
    if (input.value && !secret) refuse({ clientSecret: 'required' });
    const next = input.value
      ? { ...(rest as Omit<typeof input.value, 'clientSecret'>), clientSecret: secret as string }
      : null;
    const redact = (p: typeof before) =>
      p ? { enabled: p.enabled, issuer: p.issuer, clientId: p.clientId } : null;
    const at = now();
    await db.transaction().execute(async (trx) => {
      await appendAudit(
        trx,
        actor,
        {
          action: 'settings.social',
          target: `site:${merchant}:social.${input.provider}`,
          before: redact(before),
          after: { ...redact(next), secretChanged: clientSecret !== undefined },
        },
        at,
      );
      await site.updateSetting(merchant, 'social', { ...stored, [input.provider]: next }, trx);
    });
    await site.refresh();
    return socialView(merchant);
  };

  return { read, update, setFlag, readSocial, updateSocial };
};

export type SettingsOps = ReturnType<typeof createSettingsOps>;
