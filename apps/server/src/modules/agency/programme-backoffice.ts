import type { AgencyTemplate } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { memberIdByUsername, memberUsernames, promoteToAgent } from '../identity';
import { type Actor, appendAudit, assertCan } from '../staff';
import {
  type ApplicationRow,
  type ApplicationStatus,
  applicationForDecision,
  applications,
  recordDecision,
} from './applications';
import * as store from './contract-store';
import * as rules from './contracts';
import {
  MAX_TEMPLATE_RATE_BP,
  saveTemplates as saveTemplateSet,
  type TemplateSet,
  templatesInForce,
  templateVersions,
} from './templates';

type Deps = { db: Kysely<DB>; now: () => Date };

const applicationView = (a: ApplicationRow, names: Map<number, string>) => ({
  id: a.id,
  name: a.name,
  contact: a.contact,
  channel: a.channel,
  message: a.message,
  status: a.status,
  createdAt: a.createdAt.getTime(),
  decidedAt: a.decidedAt?.getTime() ?? null,
  decidedBy: a.decidedBy,
  reason: a.reason,
  account: a.memberId === null ? null : (names.get(a.memberId) ?? String(a.memberId)),
});

/**
 * The agent programme's back office (ADR 059): the merchant's contract templates (view, save a
 * new version) and the join page's applications (list, approve or reject once). Reads need
 * `agency.read`, changes `agency.write`; every change is audited in its transaction.
 */
export const createProgrammeBackoffice = ({ db, now }: Deps) => {
  const templatesView = async (merchant: string, set: TemplateSet) => ({
    version: set.version,
    createdAt: set.createdAt?.getTime() ?? null,
    createdBy: set.createdBy,
    templates: set.templates,
    maxRateBp: MAX_TEMPLATE_RATE_BP,
    versions: await templateVersions(db, merchant),
  });

  const templates = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'agency.read');
    return templatesView(merchant, await templatesInForce(db, merchant));
  };

  const saveTemplates = async (actor: Actor, body: { merchant: string; templates: AgencyTemplate[] }) => {
    assertCan(actor, 'agency.write');
    const at = now();
    const saved = await db.transaction().execute(async (trx) => {
      const before = await templatesInForce(trx, body.merchant);
      const set = await saveTemplateSet(trx, {
        merchantCode: body.merchant,
        templates: body.templates,
        staff: actor.username,
        now: at,
      });
      await appendAudit(
        trx,
        actor,
        {
          action: 'agency.templates',
          target: `agency_templates:${body.merchant}`,
          before: { version: before.version, templates: before.templates },
          after: { version: set.version, templates: set.templates },
        },
        at,
      );
      return set;
    });
    return templatesView(body.merchant, saved);
  };

  const applicationList = async (actor: Actor, merchant: string, status?: ApplicationStatus) => {
    assertCan(actor, 'agency.read');
    const rows = await applications(db, merchant, status);
    const names = await memberUsernames(
      db,
      rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId])),
    );
    return { items: rows.map((r) => applicationView(r, names)) };
  };

  /**
   * Approves or rejects a `new` application with a reason (409 `agency.application.decided` after
   * that). Approval with `account` links the application to that member of the merchant: it
   * becomes an agent (type 1) and gets a platform contract copied from each template in force
   * of a kind it holds no accepted contract of. Approval without an account records the decision
   * (staff then open the agent's account). All in one audited transaction.
   */
  const decideApplication = async (
    actor: Actor,
    body: { merchant: string; id: number; approve: boolean; reason: string; account?: string | undefined },
  ) => {
    assertCan(actor, 'agency.write');
    const at = now();
    const account = body.approve ? body.account : undefined;
    const decided = await db.transaction().execute(async (trx) => {
      const application = await applicationForDecision(trx, body.merchant, body.id);
      if (application.status !== 'new')
        throw new AppError('agency.application.decided', { value: { status: application.status } });
      let memberId: number | null = null;
      const made: number[] = [];
      let version: number | null = null;
      if (account !== undefined) {
        memberId = (await memberIdByUsername(trx, body.merchant, account)) ?? null;
        if (memberId === null) throw new AppError('not.found');
        if ((await promoteToAgent(trx, memberId)) === 'refused') throw new AppError('in_need_true_account');
        const set = await templatesInForce(trx, body.merchant);
        version = set.version;
        for (const tpl of set.templates) {
          if (await store.acceptedOf(trx, memberId, tpl.kind)) continue;
          const c = await rules.platformContract(trx, {
            merchantCode: body.merchant,
            memberId,
            terms: { ...tpl, payer: 'platform' },
            now: at,
          });
          made.push(c.id);
        }
      }
      const row = await recordDecision(trx, {
        id: application.id,
        approve: body.approve,
        reason: body.reason,
        staff: actor.username,
        memberId,
        now: at,
      });
      await appendAudit(
        trx,
        actor,
        {
          action: body.approve ? 'agency.application.approve' : 'agency.application.reject',
          target: `agency_application:${application.id}`,
          before: { status: application.status },
          after: {
            status: row.status,
            reason: row.reason,
            memberId,
            templateVersion: version,
            contracts: made,
          },
        },
        at,
      );
      return row;
    });
    const names = await memberUsernames(db, decided.memberId === null ? [] : [decided.memberId]);
    return applicationView(decided, names);
  };

  return { templates, saveTemplates, applicationList, decideApplication };
};
