import { spawnSync } from 'node:child_process';
import { openDatabase } from '../../apps/server/src/db/database';
import { verifyLedger } from '../../apps/server/src/modules/wallet';
import type { Check } from './load';

export type Backend = {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
  cleanup: () => Promise<void>;
};

/**
 * With the server stopped: every acknowledged operation is in the database exactly once (rows,
 * ledger entries, withdrawal events), `verifyLedger` finds nothing, and so does the operator's
 * `npm run ledger:verify` command on the same database.
 */
export const verifyDatabase = async (backend: Backend, checks: Check[], root: string) => {
  const findings: string[] = [];
  const database = await openDatabase(
    backend.env.DATABASE_URL
      ? { kind: 'postgres', url: backend.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: backend.env.DATA_DIR as string },
  );
  let report: Awaited<ReturnType<typeof verifyLedger>>;
  try {
    const db = database.db;
    const entries = async (key: string) =>
      Number(
        (
          await db
            .selectFrom('journal_entry')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('idempotency_key', '=', key)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const c of checks) {
      if (c.kind === 'entry') {
        const n = await entries(c.key);
        if (n !== 1) findings.push(`acknowledged ${c.label} ${c.key}: ${n} entries`);
      } else if (c.kind === 'deposit' || c.kind === 'withdrawal') {
        const table = c.kind === 'deposit' ? 'cashier_deposit' : 'cashier_withdrawal';
        const rows = await db
          .selectFrom(table)
          .select('id')
          .where('member_id', '=', c.memberId)
          .where('client_key', '=', c.clientKey)
          .execute();
        if (rows.length !== 1 || rows[0]?.id !== c.id)
          findings.push(`acknowledged ${c.kind} ${c.id}: ${rows.length} rows`);
        if (c.kind === 'withdrawal' && (await entries(`withdraw:${c.id}`)) !== 1)
          findings.push(`acknowledged withdrawal ${c.id}: its hold entry is not there exactly once`);
      } else if (c.kind === 'deposit-state') {
        const row = await db
          .selectFrom('cashier_deposit')
          .select('status')
          .where('id', '=', c.id)
          .executeTakeFirst();
        const n = await entries(`deposit:${c.id}`);
        if (row?.status !== c.status || n !== (c.status === 'approved' ? 1 : 0))
          findings.push(
            `acknowledged ${c.label} of deposit ${c.id}: ${row?.status} with ${n} credit entries`,
          );
      } else {
        let q = db
          .selectFrom('cashier_withdrawal_event')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('withdrawal_id', '=', c.id)
          .where('status', '=', c.status);
        q =
          c.confirmation === null
            ? q.where('confirmation', 'is', null)
            : q.where('confirmation', '=', c.confirmation);
        const events = Number((await q.executeTakeFirstOrThrow()).n);
        const n = c.entryKey ? await entries(c.entryKey) : 1;
        if (events !== 1 || n !== 1)
          findings.push(`acknowledged ${c.label} of withdrawal ${c.id}: ${events} events, ${n} entries`);
      }
    }
    report = await verifyLedger(db);
    for (const f of report.findings) findings.push(`ledger: ${f}`);
  } finally {
    await database.close();
  }
  // The operator's command, on the same database (PGlite: the server is stopped).
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'tools/ledger-verify.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: backend.env.DATABASE_URL ?? '',
      DATA_DIR: backend.env.DATA_DIR ?? '',
    },
    encoding: 'utf8',
  });
  const cliLine = (cli.stdout ?? '').trim().split('\n').at(-1) ?? '';
  if (cli.status !== 0)
    findings.push(`npm run ledger:verify exited ${cli.status}: ${cli.stdout}${cli.stderr}`);

  return { findings, report, cliLine };
};
