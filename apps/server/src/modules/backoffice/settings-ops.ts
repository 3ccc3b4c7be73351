import type { EditableSetting } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SiteService } from '../site';
import type { Settings } from '../site/settings';
import { type Actor, appendAudit } from './audit';
import { assertCan } from './roles';

type FlagNode = { modId: string; enabled: '1' | '0'; childrenNodes: unknown[] };

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

  const update = async (actor: Actor, merchant: string, setting: EditableSetting) => {
    assertCan(actor, 'settings.write');
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
          before: { modId, enabled: site.isModuleEnabled(merchant, modId) },
          after: { modId, enabled },
        },
        at,
      );
      await site.updateSetting(merchant, 'whitelabel', next as Settings['whitelabel'], trx);
    });
    await site.refresh();
    return { ok: true as const };
  };

  return { read, update, setFlag };
};

export type SettingsOps = ReturnType<typeof createSettingsOps>;
