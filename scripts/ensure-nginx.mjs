#!/usr/bin/env node
// @ts-check
// `npm run cluster` puts Debian's nginx in front of the nodes. When it is missing, install the
// `nginx` package with apt-get (as root, or through sudo), as ensure-chromium.mjs does for Chromium.
// The package's own service is not started here: the cluster runs nginx from its own folder.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NGINX = '/usr/sbin/nginx';

if (existsSync(NGINX)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasSudo = spawnSync('sh', ['-c', 'command -v sudo'], { stdio: 'ignore' }).status === 0;
if (!isRoot && !hasSudo) {
  console.error(`${NGINX} is missing and neither root nor sudo is available to run apt-get install nginx.`);
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
run(['apt-get', 'install', '-y', 'nginx']);

if (!existsSync(NGINX)) {
  console.error(`apt-get finished but ${NGINX} is still missing.`);
  process.exit(1);
}
