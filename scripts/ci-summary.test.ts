import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromPlaywright, fromResults, fromVitest, summarise, withExitCode } from './ci-summary.ts';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'khela-ci-summary-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const vitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  testResults: [
    {
      name: join(process.cwd(), 'apps/server/src/modules/wallet/wallet.test.ts'),
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'wallet posts a transfer', status: 'passed', failureMessages: [] },
        {
          fullName: 'wallet refuses a negative balance',
          status: 'failed',
          failureMessages: [
            '\x1b[31mAssertionError: expected 400 to be 200\x1b[39m\n    at wallet.test.ts:12',
          ],
        },
        { fullName: 'wallet skipped one', status: 'skipped', failureMessages: [] },
      ],
    },
    {
      name: join(process.cwd(), 'apps/server/src/modules/cashier/routes.test.ts'),
      status: 'failed',
      message: 'ledger:verify of test database pglite:demo found 1 problem(s):\n  entry 3',
      assertionResults: [{ fullName: 'cashier deposits', status: 'passed', failureMessages: [] }],
    },
    {
      name: join(process.cwd(), 'packages/fair/src/rng.test.ts'),
      status: 'passed',
      assertionResults: [{ fullName: 'rng maps', status: 'passed', failureMessages: [] }],
    },
  ],
};

const playwrightReport = {
  suites: [
    {
      title: 'cashier.spec.ts',
      file: 'cashier.spec.ts',
      specs: [],
      suites: [
        {
          title: 'cashier',
          file: 'cashier.spec.ts',
          specs: [
            {
              title: 'deposit → approve',
              file: 'cashier.spec.ts',
              line: 97,
              tests: [
                {
                  projectName: 'desktop',
                  status: 'unexpected',
                  results: [
                    {
                      status: 'failed',
                      error: { message: 'Error: expect(locator).toBeVisible() failed\n\nLocator: x' },
                    },
                  ],
                },
                { projectName: 'phone', status: 'expected', results: [{ status: 'passed' }] },
              ],
            },
            {
              title: 'records',
              file: 'cashier.spec.ts',
              line: 200,
              tests: [{ projectName: 'desktop', status: 'flaky', results: [] }],
            },
          ],
        },
      ],
    },
  ],
  errors: [{ message: "Error: ledger:verify of e2e server 1's database failed (exit 1)" }],
};

describe('CI summary', () => {
  it('names each failing Vitest test with its file, and a file that failed outside its tests', () => {
    const outcome = fromVitest(vitestReport, 'unit tests');
    expect(outcome.passed).toBe(3);
    expect(outcome.failed).toEqual([
      'unit tests: apps/server/src/modules/wallet/wallet.test.ts > wallet refuses a negative balance — AssertionError: expected 400 to be 200',
      'unit tests: apps/server/src/modules/cashier/routes.test.ts — ledger:verify of test database pglite:demo found 1 problem(s):',
    ]);
  });

  it('names each failing journey with its project, file, line and titles, and errors outside journeys', () => {
    const outcome = fromPlaywright(playwrightReport, 'journeys');
    expect(outcome.passed).toBe(2);
    expect(outcome.failed).toEqual([
      'journeys: [desktop] cashier.spec.ts:97 › cashier › deposit → approve — Error: expect(locator).toBeVisible() failed',
      "journeys: outside any journey — Error: ledger:verify of e2e server 1's database failed (exit 1)",
    ]);
  });

  it('reads plain results, and a failing exit code without a named failure still counts once', () => {
    expect(fromResults('passed\tcrash:cashier pglite\nfailed\tcrash:cashier postgres\n\n')).toEqual({
      passed: 1,
      failed: ['crash:cashier postgres'],
    });
    expect(withExitCode({ passed: 5, failed: [] }, 'type check', 0)).toEqual({ passed: 5, failed: [] });
    expect(withExitCode({ passed: 5, failed: [] }, 'journeys', 1).failed).toEqual([
      'journeys: exited 1 without naming a failing test — see its output above',
    ]);
    expect(withExitCode(null, 'unit tests', 2).failed).toEqual([
      'unit tests: exited 2 without naming a failing test (no report) — see its output above',
    ]);
  });

  it('adds every report up: the counts of the last line', () => {
    writeFileSync(join(dir, 'unit.json'), JSON.stringify(vitestReport));
    writeFileSync(join(dir, 'e2e.json'), JSON.stringify(playwrightReport));
    writeFileSync(join(dir, 'results.txt'), 'passed\tcrash a\npassed\tcrash b\n');
    const summary = summarise([
      'vitest',
      'unit tests',
      join(dir, 'unit.json'),
      '1',
      'playwright',
      'journeys',
      join(dir, 'e2e.json'),
      '1',
      'vitest',
      'server tests on PostgreSQL',
      join(dir, 'missing.json'),
      '1',
      'results',
      join(dir, 'results.txt'),
    ]);
    expect(summary.passed).toBe(3 + 2 + 2);
    expect(summary.failed).toHaveLength(2 + 2 + 1);
    expect(summary.failed.at(-1)).toMatch(/^server tests on PostgreSQL: exited 1/);
  });
});
