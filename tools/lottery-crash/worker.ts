/**
 * The process `npm run crash:lottery` kills (tools/lottery-crash.ts). One database (DATABASE_URL,
 * else the PGlite folder DATA_DIR), the real lottery module through `buildApp`, no scheduler:
 *
 *   worker.ts setup <state.json> <bets>  migrates, seeds, funds members and places the bets on the
 *                                        current issues of Q3D, F5D and P4 at the real time now;
 *   worker.ts settle <state.json>        two hours later by its clock: voids the P4 issues (the
 *                                        refunds), draws every due issue and settles each drawn
 *                                        one, printing a line per step, then `done`.
 * Settling again after a SIGKILL is the module's own recovery: nothing else is repaired here.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { BetType } from '@khela/fair';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { seedAndCheck } from '../../apps/server/src/startup';

export type CrashState = {
  /** The clock of the setup (ms); settlement runs two hours later. */
  startedAt: number;
  merchantCode: string;
  members: { id: number; creditMinor: string }[];
  /** Issues voided during settlement: their stakes come back once. */
  voidIssueIds: string[];
};

export const SETTLE_AHEAD_MS = 2 * 60 * 60 * 1000;
const MERCHANT = 'khelabd';
const CREDIT = 50_000_000n;
const SLIP_SIZE = 25;

const open = () =>
  openDatabase(
    process.env.DATABASE_URL
      ? { kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 2 }
      : { kind: 'pglite', dataDir: resolve(process.env.DATA_DIR ?? '.tmp/lottery-crash') },
  );

const appOn = (database: Awaited<ReturnType<typeof open>>, now: () => Date) =>
  buildApp({
    config: {
      LOG_LEVEL: 'silent',
      TRUST_PROXY: undefined,
      BLOCKED_COUNTRIES: undefined,
      KHELA_MODE: 'demo',
      KHELA_SCHEDULER: 'off',
    },
    database,
    logger: false,
    now,
  });

/** A bet of each type the digit games take, varied by its index (winners and losers both). */
const betOf = (game: string, i: number): { betType: BetType; selection: Record<string, unknown> } => {
  const digits = game === 'Q3D' ? 3 : game === 'P4' ? 4 : 5;
  switch (i % 4) {
    case 0:
      return { betType: 'position', selection: { position: 1 + (i % digits), numbers: [i % 10] } };
    case 1:
      return { betType: 'bigsmall', selection: { position: i % 2, side: i % 3 ? 'big' : 'small' } };
    case 2:
      return { betType: 'oddeven', selection: { position: 0, side: i % 3 ? 'odd' : 'even' } };
    default:
      return game === 'F5D'
        ? { betType: 'dragontiger', selection: { side: ['dragon', 'tiger', 'tie'][i % 3] } }
        : { betType: 'position', selection: { position: digits, numbers: [(i * 7) % 10] } };
  }
};

const setup = async (stateFile: string, betCount: number) => {
  const database = await open();
  try {
    await migrateToLatest(database.db);
    await seedAndCheck(database.db, loadConfig({ ...process.env, KHELA_MODE: 'demo' }), 'http://localhost');
    // Just after the start of an interval of every game (180 s and 300 s): all issues open.
    const startedAt = Math.floor(Date.now() / 900_000) * 900_000 + 5_000;
    const app = await appOn(database, () => new Date(startedAt));
    try {
      const lottery = app.services.lottery;
      await lottery.tick();
      const games = (await lottery.gamesOf(MERCHANT)).games;
      const issueOf = (code: string) => {
        const issue = games.find((g) => g.code === code)?.current;
        if (!issue) throw new Error(`no open issue of ${code}`);
        return issue.issueNo;
      };
      const plan = ['Q3D', 'F5D', 'P4'].map((code) => ({ code, issueNo: issueOf(code) }));
      const slips = Math.ceil(betCount / SLIP_SIZE);
      const memberCount = Math.max(3, Math.ceil(slips / 6));
      const members = [];
      for (let m = 0; m < memberCount; m++) {
        const member = await database.db
          .insertInto('member')
          .values({
            merchant_code: MERCHANT,
            username: `lottocrash${m}`,
            mobile: null,
            email: null,
            password_hash: null,
            upline_id: null,
            nickname: `lottery crash ${m}`,
            password_changed_at: new Date(startedAt),
            created_at: new Date(startedAt),
            last_login_at: null,
            payee_name: null,
            qq: null,
            line: null,
            whatsapp: null,
            facebook: null,
            wechat: null,
            id_number: null,
            recommender_id: null,
            affiliate_code: null,
            referral_code: null,
            payment_password_hash: null,
            register_ip: null,
            register_domain: null,
            agent_code: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await app.services.wallet.grantDemoCredit(member.id, { amount: CREDIT });
        members.push({ id: member.id, creditMinor: CREDIT.toString() });
      }
      for (let s = 0; s < slips; s++) {
        const target = plan[s % plan.length] as (typeof plan)[number];
        const member = members[s % members.length] as (typeof members)[number];
        await lottery.place({
          merchantCode: MERCHANT,
          memberId: member.id,
          gameCode: target.code,
          issueNo: target.issueNo,
          requestKey: `crash-${s}`,
          bets: Array.from({ length: SLIP_SIZE }, (_, b) => ({
            ...betOf(target.code, s * SLIP_SIZE + b),
            stakeMinor: BigInt(100 + ((s * 31 + b * 17) % 50) * 10),
          })) as Parameters<typeof lottery.place>[0]['bets'],
        });
      }
      const voided = await database.db
        .selectFrom('lottery_issue')
        .select('id')
        .where('merchant_code', '=', MERCHANT)
        .where('game_code', '=', 'P4')
        .where('issue_no', '=', issueOf('P4'))
        .execute();
      const state: CrashState = {
        startedAt,
        merchantCode: MERCHANT,
        members,
        voidIssueIds: voided.map((v) => v.id),
      };
      await writeFile(stateFile, JSON.stringify(state));
      console.log(`setup: ${slips * SLIP_SIZE} bets by ${members.length} members`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};

const settle = async (stateFile: string) => {
  const state = JSON.parse(await readFile(stateFile, 'utf8')) as CrashState;
  const database = await open();
  const app = await appOn(database, () => new Date(state.startedAt + SETTLE_AHEAD_MS));
  const lottery = app.services.lottery;
  console.log('ready');
  for (const id of state.voidIssueIds) {
    const { refunded } = await lottery.voidIssue(id, 'crash test');
    console.log(`voided ${id}: ${refunded} refunded`);
  }
  console.log(`drawn ${await lottery.drawDueIssues()}`);
  const drawn = await database.db
    .selectFrom('lottery_issue')
    .select('id')
    .where('status', '=', 'drawn')
    .execute();
  for (const { id } of drawn) {
    const { settled } = await lottery.settleIssue(id);
    if (settled > 0) console.log(`settled ${id}: ${settled}`);
  }
  await app.close();
  await database.close();
  console.log('done');
};

const [phase, stateFile, bets] = process.argv.slice(2);
if (phase === 'setup' && stateFile) await setup(stateFile, Number(bets ?? '1500'));
else if (phase === 'settle' && stateFile) await settle(stateFile);
else {
  console.error('usage: worker.ts setup <state.json> <bets> | settle <state.json>');
  process.exitCode = 2;
}
