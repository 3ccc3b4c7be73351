// The end of a `.ci/run` log: every failing test by name, then the one line "N passed, N failed".
// A CI log keeps only its tail, so a failure must be named there, not only somewhere above.
//
//   node scripts/ci-summary.ts \
//     vitest <label> <report.json> <exit code> \
//     playwright <label> <report.json> <exit code> \
//     results <file>
//
// `vitest`: a report of Vitest's JSON reporter. `playwright`: a report of Playwright's JSON
// reporter (its errors outside any test, such as a teardown's ledger:verify, count as failures).
// `results`: lines "passed<TAB>name" or "failed<TAB>name" that .ci/run writes for its other checks
// (the crash tests). A step that exited non-zero without naming a failing test (its report missing,
// or a crash before any test failed) counts as one failure named after the step.
//
// Run by node's own type stripping (erasable TypeScript only, no imports of other project files).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

export type Outcome = { passed: number; failed: string[] };

type VitestAssertion = { fullName?: string; title?: string; status: string; failureMessages?: string[] };
type VitestFile = { name: string; status: string; message?: string; assertionResults?: VitestAssertion[] };
type VitestReport = { numPassedTests?: number; testResults?: VitestFile[] };

const firstLine = (text: string | undefined) =>
  stripVTControlCharacters(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '') ?? '';

const shortPath = (path: string) => relative(process.cwd(), path) || path;

export const fromVitest = (report: VitestReport, label: string): Outcome => {
  const failed: string[] = [];
  let passed = 0;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    passed += tests.filter((test) => test.status === 'passed').length;
    const failing = tests.filter((test) => test.status === 'failed');
    for (const test of failing)
      failed.push(
        `${label}: ${shortPath(file.name)} > ${test.fullName ?? test.title ?? '?'} — ${firstLine(test.failureMessages?.[0])}`,
      );
    // A file that failed outside its tests (it did not load, a hook threw, a ledger check at close).
    if (file.status === 'failed' && failing.length === 0)
      failed.push(`${label}: ${shortPath(file.name)} — ${firstLine(file.message) || 'the file failed'}`);
  }
  return { passed, failed };
};

type PlaywrightResult = { status: string; error?: { message?: string } };
type PlaywrightTest = { projectName: string; status: string; results?: PlaywrightResult[] };
type PlaywrightSpec = { title: string; file: string; line: number; tests?: PlaywrightTest[] };
type PlaywrightSuite = { title: string; file?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { suites?: PlaywrightSuite[]; errors?: { message?: string }[] };

export const fromPlaywright = (report: PlaywrightReport, label: string): Outcome => {
  const failed: string[] = [];
  let passed = 0;
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const path = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'flaky') passed += 1;
        else if (test.status === 'unexpected') {
          const error = test.results?.findLast((result) => result.error)?.error?.message;
          failed.push(
            `${label}: [${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].filter(Boolean).join(' › ')} — ${firstLine(error)}`,
          );
        }
      }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? [])
    failed.push(`${label}: outside any journey — ${firstLine(error.message)}`);
  return { passed, failed };
};

export const fromResults = (text: string): Outcome => {
  const outcome: Outcome = { passed: 0, failed: [] };
  for (const line of text.split('\n')) {
    const [status, ...name] = line.split('\t');
    if (status === 'passed') outcome.passed += 1;
    else if (status === 'failed') outcome.failed.push(name.join('\t'));
  }
  return outcome;
};

/** A step's outcome from its report and exit code: a failing exit is never lost. */
export const withExitCode = (outcome: Outcome | null, label: string, exitCode: number): Outcome => {
  const known = outcome ?? { passed: 0, failed: [] };
  if (exitCode !== 0 && known.failed.length === 0)
    return {
      passed: known.passed,
      failed: [
        `${label}: exited ${exitCode} without naming a failing test${outcome ? '' : ' (no report)'} — see its output above`,
      ],
    };
  return known;
};

const readJson = <T>(file: string): T | null => {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
};

export const summarise = (args: string[]) => {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < args.length; ) {
    const kind = args[i];
    if (kind === 'vitest' || kind === 'playwright') {
      const [label = kind, file = '', code = '1'] = args.slice(i + 1, i + 4);
      const report = readJson<VitestReport & PlaywrightReport>(file);
      const parsed =
        report && (kind === 'vitest' ? fromVitest(report, label) : fromPlaywright(report, label));
      outcomes.push(withExitCode(parsed, label, Number(code)));
      i += 4;
    } else if (kind === 'results') {
      const file = args[i + 1] ?? '';
      outcomes.push(fromResults(existsSync(file) ? readFileSync(file, 'utf8') : ''));
      i += 2;
    } else throw new Error(`ci-summary: unknown report kind ${kind}`);
  }
  return {
    passed: outcomes.reduce((sum, outcome) => sum + outcome.passed, 0),
    failed: outcomes.flatMap((outcome) => outcome.failed),
  };
};

const main = () => {
  const { passed, failed } = summarise(process.argv.slice(2));
  if (failed.length > 0) {
    console.log(`ci: ${failed.length} failing:`);
    for (const name of failed) console.log(`  ✗ ${name}`);
  } else console.log('ci: nothing failed');
  console.log(`${passed} passed, ${failed.length} failed`);
  process.exitCode = failed.length > 0 ? 1 : 0;
};

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) main();
