#!/usr/bin/env node
// @ts-check
// Browser tests drive Debian's Chromium at /usr/bin/chromium. When it is missing, install it with
// apt-get (as root, or through sudo). Playwright never downloads a browser of its own here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasSudo = spawnSync('sh', ['-c', 'command -v sudo'], { stdio: 'ignore' }).status === 0;
if (!isRoot && !hasSudo) {
  console.error(
    `${CHROMIUM} is missing and neither root nor sudo is available to run apt-get install chromium.`,
  );
  process.exit(1);
}

/** @param {[string, ...string[]]} args */
const run = (args) => {
  const command = isRoot ? args[0] : 'sudo';
  const rest = isRoot ? args.slice(1) : args;
  console.log(`> ${isRoot ? '' : 'sudo '}${args.join(' ')}`);
  const result = spawnSync(command, rest, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`'${args.join(' ')}' failed with exit code ${result.status ?? result.signal}`);
    process.exit(1);
  }
};

run(['apt-get', 'update']);
run(['apt-get', 'install', '-y', 'chromium']);

if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
