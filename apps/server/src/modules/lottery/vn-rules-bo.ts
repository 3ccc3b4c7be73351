import { VN_BET_TYPES, type VnBetType, type VnRegion } from '@khela/fair';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Actor, appendAudit, assertCan } from '../staff';
import { vnExposureOf } from './vn-bet-store';
import { type VnPayouts, vnRtpBp } from './vn-payouts';
import * as vn from './vn-store';

type Deps = { db: Kysely<DB>; now: () => Date; ensureDefaults: () => Promise<void> };

const REGIONS: VnRegion[] = ['north', 'south', 'central'];

/** A region's rule as the editor shows it: each payout with its RTP (basis points, floored). */
const ruleView = (rule: vn.VnRuleRow) => {
  const rtpBp: Partial<Record<VnBetType, number>> = {};
  for (const [type, milli] of Object.entries(rule.payouts) as [VnBetType, number][])
    rtpBp[type] = vnRtpBp(rule.region, type, milli);
  return {
    region: rule.region,
    version: rule.version,
    effectiveFrom: rule.effectiveFrom.getTime(),
    payouts: rule.payouts,
    rtpBp,
    minStakeMinor: rule.minStakeMinor.toString(),
    maxStakeMinor: rule.maxStakeMinor.toString(),
    liabilityCapMinor: rule.liabilityCapMinor.toString(),
  };
};

/**
 * The Vietnamese lotteries' rules editor (issue 17, ADR 058): each region's rule in force; a new
 * version (in force at once, audited) refused when a bet type's RTP is above 100 %, the minimum
 * stake above the maximum, or the cap below the maximum stake; a draw's exposure per number.
 */
export const createVnRulesBackoffice = ({ db, now, ensureDefaults }: Deps) => {
  const rules = async (actor: Actor, merchantCode: string) => {
    assertCan(actor, 'lottery.read');
    await ensureDefaults();
    const at = now();
    const found = [];
    for (const region of REGIONS) {
      const rule = await vn.vnRuleInForce(db, merchantCode, region, at);
      if (rule) found.push(ruleView(rule));
    }
    return found;
  };

  const saveRule = async (
    actor: Actor,
    body: {
      merchant: string;
      region: VnRegion;
      payouts: VnPayouts;
      minStakeMinor: bigint;
      maxStakeMinor: bigint;
      liabilityCapMinor: bigint;
    },
  ) => {
    assertCan(actor, 'lottery.write');
    const refuse = (reason: string): never => {
      throw new AppError('lottery.payout.invalid', { value: { reason } });
    };
    if (body.minStakeMinor > body.maxStakeMinor) refuse('minimum stake above the maximum');
    if (body.liabilityCapMinor < body.maxStakeMinor) refuse('liability cap below the maximum stake');
    const types = Object.keys(body.payouts) as VnBetType[];
    if (types.length === 0) refuse('no bet type offered');
    for (const type of types) {
      if (!(VN_BET_TYPES as readonly string[]).includes(type)) refuse(`no ${type} bet`);
      if (vnRtpBp(body.region, type, body.payouts[type] ?? 0) > 10_000) refuse(`${type}: RTP above 100 %`);
    }
    await ensureDefaults();
    const at = now();
    return db.transaction().execute(async (trx) => {
      const before = await vn.vnRuleInForce(trx, body.merchant, body.region, at);
      const rule = await vn.insertVnRule(
        trx,
        {
          merchantCode: body.merchant,
          region: body.region,
          payouts: body.payouts,
          minStakeMinor: body.minStakeMinor,
          maxStakeMinor: body.maxStakeMinor,
          liabilityCapMinor: body.liabilityCapMinor,
          effectiveFrom: at,
          createdBy: actor.username,
        },
        at,
      );
      await appendAudit(
        trx,
        actor,
        {
          action: 'lottery.vn.rule.save',
          target: `${body.merchant}/${body.region}`,
          before: before ? { version: before.version, payouts: before.payouts } : null,
          after: {
            version: rule.version,
            payouts: rule.payouts,
            minStakeMinor: rule.minStakeMinor.toString(),
            maxStakeMinor: rule.maxStakeMinor.toString(),
            liabilityCapMinor: rule.liabilityCapMinor.toString(),
          },
        },
        at,
      );
      return ruleView(rule);
    });
  };

  const exposure = async (actor: Actor, merchantCode: string, issueNo: string) => {
    assertCan(actor, 'lottery.read');
    const draw = await vn.drawByNo(db, merchantCode, issueNo);
    if (!draw) throw new AppError('not.found');
    const rule = await vn.vnRuleInForce(db, merchantCode, draw.region, now());
    return {
      issueNo: draw.issueNo,
      liabilityCapMinor: (rule?.liabilityCapMinor ?? 0n).toString(),
      numbers: (await vnExposureOf(db, draw.id)).map((n) => ({
        key: n.number,
        liabilityMinor: n.liabilityMinor.toString(),
      })),
    };
  };

  return { rules, saveRule, exposure };
};

export type VnRulesBackoffice = ReturnType<typeof createVnRulesBackoffice>;
