// Times `npm start` as a person runs it: from spawning the command to the first successful
// `/healthz`, then stops it with SIGTERM and waits for it to exit. For the benchmarks
// (`import { timeNpmStart } from '../scripts/time-start.ts'`), or on its own:
//   npm run time:start -- [port]   (the project's Node, as npm start uses; prints the milliseconds of one start)
// Pass a DATA_DIR whose database already exists to time a later start (no seeding); the first
// call in a fresh clone also builds. stdout says whether anything was built.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export type StartTiming = {
  /** From spawning `npm start` to the first 200 from /healthz. */
  ms: number;
  /** The build lines `npm start` printed ("building the …" / "… up to date"). */
  buildLines: string[];
  /** From spawning `npm start` to its first build line (npm itself and the up-to-date check). */
  buildCheckMs: number | null;
};

export const timeNpmStart = async (options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<StartTiming> => {
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    // Its own process group, so the server under npm and sh gets the signal too.
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const buildLines: string[] = [];
  let buildCheckMs: number | null = null;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (!line.startsWith('npm start:')) continue;
      buildCheckMs ??= Date.now() - started;
      buildLines.push(line);
    }
  });
  const exited = once(child, 'exit');
  const deadline = started + (options.timeoutMs ?? 180_000);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('npm start did not answer /healthz in time');
      const ok = await fetch(`http://127.0.0.1:${options.port}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return { ms: Date.now() - started, buildLines, buildCheckMs };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.exitCode === null && child.pid !== undefined) {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  }
};

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const port = Number(process.argv[2] ?? 8080);
  const timing = await timeNpmStart({ port, dataDir: process.env.DATA_DIR ?? './data' });
  console.log(
    `${timing.buildLines.join('\n')}\nnpm start answered /healthz after ${timing.ms} ms (build check done after ${timing.buildCheckMs} ms)`,
  );
}
