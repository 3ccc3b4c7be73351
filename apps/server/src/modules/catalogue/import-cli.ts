import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { applyFeed, type ImportReport, parseFeed } from './import';

export const IMPORT_HELP = `Usage: npm run catalogue:import -- [options] FILE

Loads a game catalogue feed (JSON or CSV) into the database the server uses: classify tags,
vendors and games are created or updated by their keys (vendor code + game type, game nodeId);
rows equal to the stored ones are left alone, and rows not in the feed are kept. Bad rows are
reported with their line and skipped; everything else is written in one transaction, and the
catalogue version is bumped so running servers and clients pick the change up.

Examples of both formats: apps/server/src/modules/catalogue/fixtures/good.json and good.csv.

Options:
  --format json|csv   feed format (default: from the file name's extension)
  --dry-run           check the feed and report what would change, write nothing
  -h, --help          this text

Database: DATABASE_URL (PostgreSQL) when set, else the PGlite directory DATA_DIR (default ./data),
exactly as the server reads them.
PGlite serves one process at a time: STOP THE SERVER before importing into a PGlite data
directory, and start it again afterwards. With PostgreSQL the server may keep running.

Exit status: 0 all rows taken, 2 some rows skipped (the others were written), 1 nothing written.
`;

export type CliIo = {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Opens the database (tests pass their own). */
  open?: (env: Record<string, string | undefined>) => Promise<Database>;
};

const openFromEnv = (env: Record<string, string | undefined>) =>
  openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
      : { kind: 'pglite', dataDir: resolve(env.DATA_DIR ?? './data') },
  );

export const formatReport = (file: string, report: ImportReport) => {
  const line = (name: string, c: ImportReport['games']) =>
    `  ${name.padEnd(10)} created ${c.created}, updated ${c.updated}, unchanged ${c.unchanged}`;
  const lines = [
    `${report.dryRun ? 'Dry run of' : 'Imported'} ${file}:`,
    line('classify', report.classifies),
    line('vendors', report.vendors),
    line('games', report.games),
  ];
  if (report.skipped.length > 0) {
    lines.push(`  skipped ${report.skipped.length} row(s):`);
    for (const p of report.skipped) lines.push(`    line ${p.line} (${p.record}): ${p.message}`);
  }
  lines.push(`  catalogue version ${report.version}`);
  return lines.join('\n');
};

/** The `catalogue:import` command; answers its exit status. */
export const runImportCli = async (args: string[], io: CliIo): Promise<number> => {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${IMPORT_HELP}`);
    return 1;
  }
  if (parsed.values.help) {
    io.out(IMPORT_HELP);
    return 0;
  }
  const file = parsed.positionals[0];
  if (!file || parsed.positionals.length > 1) {
    io.err(IMPORT_HELP);
    return 1;
  }
  const format = (parsed.values.format ?? extname(file).slice(1)).toString().toLowerCase();
  if (format !== 'json' && format !== 'csv') {
    io.err(`Unknown feed format "${format}": use --format json or --format csv.`);
    return 1;
  }
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch (error) {
    io.err(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const feed = parseFeed(source, format);
  if (feed.fatal) {
    io.err(`Cannot import ${file}, nothing was written:`);
    for (const p of feed.problems) io.err(`  line ${p.line}: ${p.message}`);
    return 1;
  }
  if (!io.env.DATABASE_URL) {
    io.out(
      `Using the PGlite data directory ${resolve(io.env.DATA_DIR ?? './data')} (the server must be stopped).`,
    );
  }
  let database: Database | undefined;
  try {
    database = await (io.open ?? openFromEnv)(io.env);
    await migrateToLatest(database.db);
    const report = await applyFeed(database.db, feed, { dryRun: parsed.values['dry-run'] === true });
    io.out(formatReport(file, report));
    return report.skipped.length > 0 ? 2 : 0;
  } catch (error) {
    io.err(`Import failed, nothing was written: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database?.close();
  }
};
