// What the human-verification proof-of-work (HUMANVERIF3, ALTCHA) costs a browser: the web app's
// solver (altcha-lib's solveChallenge with the Web Crypto PBKDF2 deriveKey) runs in Debian's
// Chromium against challenges made the way the server makes them (cost HUMAN_VERIFICATION_COST,
// counter drawn from HUMAN_COUNTER_RANGE). ADR 018 quotes its figures.
//   npx tsx scripts/human-verification-cost.ts [runs]      (COST=… to try another cost)

import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COUNTER_RANGE = [1000, 5000] as const;
const cost = Number(process.env.COST ?? 1000);
const runs = Number(process.argv[2] ?? 20);

const bundle = await build({
  stdin: {
    contents: `
      import { solveChallenge } from 'altcha-lib';
      import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
      window.solve = async (challenge) => {
        const started = performance.now();
        const solution = await solveChallenge({ challenge, deriveKey, timeout: 60000 });
        return { ms: performance.now() - started, counter: solution ? solution.counter : -1 };
      };`,
    resolveDir: ROOT,
    loader: 'js',
  },
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
});
const script = bundle.outputFiles[0]?.text ?? '';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  // A secure context (Web Crypto) without a server: localhost, answered from here.
  await page.route('http://localhost/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<script>${script}</script>` }),
  );
  await page.goto('http://localhost/');
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost,
      counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]),
      deriveKey,
      hmacSignatureSecret: 'measure-only-signature-secret',
      hmacKeySignatureSecret: 'measure-only-key-signature-secret',
    });
    const solved = await page.evaluate(
      (c) =>
        (window as unknown as { solve: (c: unknown) => Promise<{ ms: number; counter: number }> }).solve(c),
      { parameters: challenge.parameters, signature: challenge.signature },
    );
    times.push(solved.ms);
    const perTry = (solved.ms * 1000) / (solved.counter + 1);
    console.log(
      `run ${run + 1}: ${solved.counter + 1} tries, ${solved.ms.toFixed(0)} ms (${perTry.toFixed(0)} µs a try)`,
    );
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0).toFixed(0);
  console.log(`cost ${cost}, ${runs} proofs: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
} finally {
  await browser.close();
}
