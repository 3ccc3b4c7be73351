import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../test/helpers';
import { staffLogin } from '../staff/test-support';
import { verifyLedger } from '../wallet';
import { newMember } from '../wallet/test-support';
import { birthdayMonthDays } from './birthday';
import { call, mainBalance, ok, saveRule, spin } from './test-support';

/*
 * VIP bonuses (ADR 056): the level-up bonus once per (member, level) — a demotion and a second
 * promotion pay nothing more — and the birthday bonus of the member's tier once per (member,
 * year), by the hourly job however often it runs, 29 February on 28 February in a common year,
 * never to a timed-out or self-excluded member. The amounts are those the rule below sets.
 */

const clock = createClock('2026-04-01T10:00:00Z');
let t: TestApp;
let owner = '';

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, config: { KHELA_SCHEDULER: 'off' } });
  owner = await staffLogin(t.app, clock, 'owner');
  const saved = await saveRule(t, owner, (rule) => {
    const tier = (level: number, turnover: string, retention: string, levelUp: string, birthday: string) => ({
      ...(rule.vip.tiers[level] as (typeof rule.vip.tiers)[number]),
      turnoverMinor: turnover,
      depositMinor: '0',
      retentionTurnoverMinor: retention,
      levelUpBonusMinor: levelUp,
      birthdayBonusMinor: birthday,
    });
    rule.vip.tiers = [
      tier(0, '0', '0', '0', '1000'),
      tier(1, '2000', '100000', '700', '2500'),
      tier(2, '900000000', '0', '9900', '0'),
    ];
    rule.rebate.ratesPpm = [{}, {}, {}];
    return rule;
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
});

afterAll(async () => {
  if (t) {
    const report = await verifyLedger(t.db);
    await t.close();
    expect(report.findings).toEqual([]);
  }
});

const entriesOf = async (kind: string, memberId: number) =>
  (
    await t.db
      .selectFrom('journal_entry')
      .select(['idempotency_key', 'kind'])
      .where('kind', '=', kind)
      .execute()
  ).filter((e) => e.idempotency_key.includes(`:${memberId}:`));

const bonusRows = (memberId: number) =>
  t.db
    .selectFrom('loyalty_vip_bonus')
    .select([
      'kind',
      'period',
      'vip_level',
      sql<string>`amount_minor::text`.as('amount_minor'),
      'rule_version',
    ])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

describe('level-up bonus', () => {
  it('is paid once per level: promoted, demoted, promoted again pays nothing more', async () => {
    clock.set('2026-04-01T11:00:00Z');
    const m = await newMember(t.db, { prefix: 'lup' });
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 1_000_000n });
    const vip = async () =>
      (ok(await call(t, m.token, 'GET', '/wps/loyalty/vip')).me as { level: number }).level;
    expect(await vip()).toBe(0);
    await spin(t, m.token, 2_000n, 200);
    const afterPlay = await mainBalance(t, m.member.id);
    // 2,000 of turnover reaches level 1: its level-up bonus 700 is paid with the promotion.
    expect(await vip()).toBe(1);
    expect(await mainBalance(t, m.member.id)).toBe(afterPlay + 700n);
    expect(await vip()).toBe(1);
    expect(await mainBalance(t, m.member.id)).toBe(afterPlay + 700n);
    // 61 days without play: the retention (100,000) is missed, down to level 0 …
    clock.set('2026-06-01T11:00:00Z');
    expect(await vip()).toBe(0);
    // … and the lifetime 2,000 lifts the member to level 1 again the next evaluation: no second bonus.
    expect(await vip()).toBe(1);
    expect(await mainBalance(t, m.member.id)).toBe(afterPlay + 700n);
    expect(await bonusRows(m.member.id)).toEqual([
      { kind: 'level_up', period: '1', vip_level: 1, amount_minor: '700', rule_version: 1 },
    ]);
    expect(await entriesOf('loyalty.levelup', m.member.id)).toEqual([
      { idempotency_key: `loyalty:levelup:${m.member.id}:1`, kind: 'loyalty.levelup' },
    ]);
    // The /vip page lists each tier's level-up bonus, and the member's own bonus.
    const view = ok(await call(t, m.token, 'GET', '/wps/loyalty/vip')) as {
      tiers: { levelUpBonusMinor: string }[];
      me: { bonuses: unknown[] };
    };
    expect(view.tiers.map((x) => x.levelUpBonusMinor)).toEqual(['0', '700', '9900']);
    expect(view.me.bonuses).toEqual([
      {
        kind: 'level_up',
        period: '1',
        level: 1,
        amountMinor: '700',
        at: new Date('2026-04-01T11:00:00Z').getTime(),
      },
    ]);
  });
});

/** A member with a date of birth (as an approved KYC document leaves it) and, optionally, a level. */
const born = async (prefix: string, birthDate: string, level = 0) => {
  const m = await newMember(t.db, { prefix });
  await t.db
    .insertInto('protection_member')
    .values({ member_id: m.member.id, birth_date: birthDate, kyc_status: 'verified' })
    .execute();
  if (level > 0)
    await t.db
      .insertInto('loyalty_member')
      .values({
        member_id: m.member.id,
        merchant_code: 'khelabd',
        vip_level: level,
        level_since: clock.now(),
      })
      .execute();
  return m.member.id;
};

const birthdayJob = () => t.app.services.scheduler.runNow('loyalty.birthday');

describe('birthday bonus', () => {
  it('pays the tier of each member whose birthday it is once a year, run twice or at once; not the excluded', async () => {
    clock.set('2027-03-10T00:00:00Z');
    const plain = await born('bda', '1990-03-10');
    const silver = await born('bdb', '1985-03-10', 1);
    const other = await born('bdc', '1990-03-11');
    const excluded = await born('bdd', '1992-03-10');
    const timedOut = await born('bde', '1993-03-10');
    await t.app.services.protection.pauses.pause(
      { id: excluded, merchantCode: 'khelabd' },
      { type: 'selfExclusion', term: 'permanent', allMerchants: false },
    );
    await t.app.services.protection.pauses.pause(
      { id: timedOut, merchantCode: 'khelabd' },
      { type: 'timeout', days: 2, allMerchants: false },
    );
    const ids = [plain, silver, other, excluded, timedOut];
    const before = await Promise.all(ids.map((id) => mainBalance(t, id)));
    const gained = async () =>
      (await Promise.all(ids.map((id) => mainBalance(t, id)))).map((b, i) => b - (before[i] ?? 0n));

    clock.set('2027-03-10T05:30:00Z');
    await birthdayJob();
    // Level 0 → 1,000; level 1 → 2,500; not today, excluded, timed out → nothing.
    expect(await gained()).toEqual([1000n, 2500n, 0n, 0n, 0n]);
    // The job again (the next hour, another node), and two runs at once: nothing more.
    clock.set('2027-03-10T06:30:00Z');
    await birthdayJob();
    await Promise.all([
      t.app.services.loyalty.birthdayRun(clock.now()),
      t.app.services.loyalty.birthdayRun(clock.now()),
    ]);
    expect(await gained()).toEqual([1000n, 2500n, 0n, 0n, 0n]);
    expect(await bonusRows(silver)).toEqual([
      { kind: 'birthday', period: '2027', vip_level: 1, amount_minor: '2500', rule_version: 1 },
    ]);
    expect(await entriesOf('loyalty.birthday', plain)).toEqual([
      { idempotency_key: `loyalty:birthday:${plain}:2027`, kind: 'loyalty.birthday' },
    ]);
    // A year later once more — and for the member whose time-out has ended; not the excluded one.
    clock.set('2028-03-10T05:30:00Z');
    await birthdayJob();
    await birthdayJob();
    expect(await gained()).toEqual([2000n, 5000n, 0n, 0n, 1000n]);
  });

  it('celebrates 29 February on 28 February of a common year, on the day itself in a leap year', async () => {
    expect(birthdayMonthDays('2027-02-28')).toEqual(['02-28', '02-29']);
    expect(birthdayMonthDays('2028-02-28')).toEqual(['02-28']);
    expect(birthdayMonthDays('2100-02-28')).toEqual(['02-28', '02-29']);
    clock.set('2027-02-01T00:00:00Z');
    const leapling = await born('bdf', '2000-02-29');
    const eve = await born('bdg', '2000-02-28');
    const gained = async () => [await mainBalance(t, leapling), await mainBalance(t, eve)];
    expect(await gained()).toEqual([0n, 0n]);
    clock.set('2027-02-28T12:10:00Z');
    await birthdayJob();
    expect(await gained()).toEqual([1000n, 1000n]);
    clock.set('2027-03-01T12:10:00Z');
    await birthdayJob();
    expect(await gained()).toEqual([1000n, 1000n]);
    // 2028 is a leap year: 28 February is only the eve's, 29 February the leapling's.
    clock.set('2028-02-28T12:10:00Z');
    await birthdayJob();
    expect(await gained()).toEqual([1000n, 2000n]);
    clock.set('2028-02-29T12:10:00Z');
    await birthdayJob();
    expect(await gained()).toEqual([2000n, 2000n]);
  });
});
