/**
 * The vendor simulator (docs/decisions/010-provider-api.md): plays a third-party game vendor.
 * Its game page (`GET <mount>/play?...`, the URL our launch adapter hands out) starts by sending
 * the URL's single-use launch token to `/api/session`, which the simulator exchanges at our
 * `authenticate` for the vendor session (kept here; the page gets a handle of the simulator's
 * own). It shows the balance, a bet choice and a play button; each play is a round the
 * simulator runs against our seamless-wallet API: bet, outcome, win (0 on a loss), endRound —
 * signed, with the chaos the simulator is configured with (retries, duplicates, out-of-order
 * delivery, delays, time-outs).
 *
 * Used three ways: `npm run vendor-sim` (its own process), mounted by the server under
 * `/vendor-sim` in demo mode (still calling back over HTTP), and in process by tests.
 */
import { randomInt, randomUUID } from 'node:crypto';
// The `hide` schema flag (keeps these pages out of OpenAPI) comes from @fastify/swagger's types.
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { type CallResult, createVendorClient, fetchTransport, type Transport } from './client';

export type Chaos = {
  /** Extra copies of every callback (the wallet must answer each with the first answer). */
  duplicates?: number;
  /** Resends after a time-out, a network failure or a 5xx (same txId). */
  retries?: number;
  /** Wait this long (ms) before each callback. */
  delayMs?: number;
  /** Give up on one callback after this long (ms) and retry. */
  timeoutMs?: number;
  /** Send the bet and the win at the same time, so either may arrive first. */
  outOfOrder?: boolean;
};

export type VendorSimOptions = {
  /** How to reach the casino's `/provider/...` API: a transport, or a base URL to fetch. */
  callback: { transport: Transport } | { baseUrl: string | (() => string) };
  /** The secret of a merchant and vendor (undefined: unknown, the page shows an error). */
  secretOf: (merchant: string, vendor: string) => Promise<string | undefined> | string | undefined;
  chaos?: Chaos;
};

/** Outcome table of the simulated game: multiplier in tenths with its weight. */
const OUTCOMES: readonly [number, number][] = [
  [0, 55],
  [5, 10],
  [10, 12],
  [20, 12],
  [50, 7],
  [100, 3],
  [500, 1],
];
const TOTAL_WEIGHT = OUTCOMES.reduce((sum, [, w]) => sum + w, 0);

/** A multiplier in tenths (crypto RNG; the simulator is not part of the fair in-house games). */
export const drawMultiplier = () => {
  let roll = randomInt(0, TOTAL_WEIGHT);
  for (const [tenths, weight] of OUTCOMES) {
    if (roll < weight) return tenths;
    roll -= weight;
  }
  return 0;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type SpinInput = {
  /** The simulator's own handle of the player's session (from `/api/session`). */
  session: string;
  game: string;
  amount: number;
};

/** A player's session at the simulated vendor: the casino's vendor session stays on this side. */
type SimSession = {
  merchant: string;
  vendor: string;
  playerId: string;
  /** The 12-hour vendor session the casino handed over for the launch token (sent with bets). */
  token: string;
  currency: string;
};

/** How many sessions the simulator remembers (the oldest are forgotten first). */
const MAX_SESSIONS = 10_000;

export const createSimEngine = (options: VendorSimOptions) => {
  const chaos = options.chaos ?? {};
  const transportOf = (): Transport => {
    const target = options.callback;
    if ('transport' in target) return target.transport;
    const { baseUrl } = target;
    return (request) => fetchTransport(typeof baseUrl === 'function' ? baseUrl() : baseUrl)(request);
  };
  /** Sessions by the simulator's handle, learnt from authenticate (never from the page). */
  const sessions = new Map<string, SimSession>();

  const clientFor = async (merchant: string, vendor: string) => {
    const secret = await options.secretOf(merchant, vendor);
    if (!secret) return undefined;
    return createVendorClient({
      transport: transportOf(),
      vendorCode: vendor,
      merchant,
      secret,
      retries: chaos.retries ?? 2,
      retryDelayMs: 50,
      ...(chaos.timeoutMs ? { timeoutMs: chaos.timeoutMs } : {}),
    });
  };

  const send = async (run: () => Promise<CallResult>) => {
    if (chaos.delayMs) await sleep(chaos.delayMs);
    return run();
  };

  /**
   * The page's start: the launch token of its URL (single-use, 60 s) goes to the casino's
   * `authenticate`, which answers the vendor session. The page gets a handle of ours instead.
   */
  const session = async (merchant: string, vendor: string, launchToken: string) => {
    const client = await clientFor(merchant, vendor);
    if (!client) return { status: 'ERROR' as const, code: 'UNKNOWN_VENDOR' };
    const answer = (await client.authenticate(launchToken)).answer;
    if (answer.status !== 'OK') return answer;
    if (!answer.playerId || !answer.token) return { status: 'ERROR' as const, code: 'BAD_ANSWER' };
    if (sessions.size >= MAX_SESSIONS) {
      const oldest = sessions.keys().next().value;
      if (oldest !== undefined) sessions.delete(oldest);
    }
    const handle = randomUUID();
    sessions.set(handle, {
      merchant,
      vendor,
      playerId: answer.playerId,
      token: answer.token,
      currency: answer.currency,
    });
    const { token: _vendorSession, ...shown } = answer;
    return { ...shown, session: handle };
  };

  /** One round: bet, draw, win, endRound. Answers what the page shows. */
  const spin = async (input: SpinInput) => {
    const known = sessions.get(input.session);
    if (!known) return { status: 'ERROR' as const, code: 'INVALID_SESSION' };
    const client = await clientFor(known.merchant, known.vendor);
    if (!client) return { status: 'ERROR' as const, code: 'UNKNOWN_VENDOR' };
    const { playerId } = known;
    const currency = known.currency;
    const roundId = `sim-${randomUUID()}`;
    const duplicates = chaos.duplicates ?? 0;
    const base = { playerId, roundId };
    const bet = () =>
      send(() =>
        client.bet(
          {
            ...base,
            token: known.token,
            txId: `${roundId}-bet`,
            gameId: input.game,
            amount: input.amount,
            currency,
          },
          { duplicates },
        ),
      );
    const tenths = drawMultiplier();
    const winAmount = Math.floor((input.amount * tenths) / 10);
    const win = () =>
      send(() =>
        client.win(
          {
            ...base,
            txId: `${roundId}-win`,
            gameId: input.game,
            amount: winAmount,
            currency,
          },
          { duplicates },
        ),
      );
    let betResult: CallResult;
    let winResult: CallResult | undefined;
    if (chaos.outOfOrder) {
      [betResult, winResult] = await Promise.all([bet(), win()]);
      if (betResult.answer.status !== 'OK') {
        // The vendor voids the round: roll the bet back (a tombstone if it never arrived). The
        // win sent alongside was credited anyway (wins always are): that is this mode's risk.
        await send(() =>
          client.rollback({ ...base, txId: `${roundId}-rb`, refTxId: `${roundId}-bet` }, { duplicates }),
        );
        await send(() => client.endRound({ ...base, txId: `${roundId}-end` }, { duplicates }));
        return { ...betResult.answer, roundId };
      }
    } else {
      betResult = await bet();
      if (betResult.status === 0) {
        // No answer at all: the vendor does not know whether we debited; it rolls the bet back.
        await send(() =>
          client.rollback({ ...base, txId: `${roundId}-rb`, refTxId: `${roundId}-bet` }, { duplicates }),
        );
        return { status: 'ERROR' as const, code: 'TIMEOUT', roundId };
      }
      if (betResult.answer.status !== 'OK') return { ...betResult.answer, roundId };
      winResult = await win();
    }
    const end = await send(() => client.endRound({ ...base, txId: `${roundId}-end` }, { duplicates }));
    const answer = end.answer.status === 'OK' ? end.answer : (winResult?.answer ?? betResult.answer);
    return {
      ...answer,
      roundId,
      bet: input.amount,
      multiplier: tenths / 10,
      win: betResult.answer.status === 'OK' ? winAmount : 0,
    };
  };

  /** The player's balance at the casino (a reloaded page). */
  const balance = async (handle: string) => {
    const known = sessions.get(handle);
    if (!known) return { status: 'ERROR' as const, code: 'INVALID_SESSION' };
    const client = await clientFor(known.merchant, known.vendor);
    if (!client) return { status: 'ERROR' as const, code: 'UNKNOWN_VENDOR' };
    return (await client.balance(known.playerId)).answer;
  };

  return { session, spin, balance, clientFor };
};

const page = (mount: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vendor simulator</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0f172a; color: #e2e8f0; }
  main { width: min(92vw, 380px); padding: 20px; border-radius: 16px; background: #1e293b; box-shadow: 0 8px 32px #0006; }
  h1 { font-size: 18px; margin: 0 0 4px; } .muted { color: #94a3b8; font-size: 13px; }
  .balance { font-size: 28px; font-weight: 700; margin: 16px 0; font-variant-numeric: tabular-nums; }
  .bets { display: flex; gap: 8px; flex-wrap: wrap; margin: 12px 0; }
  .bets button { flex: 1; min-width: 60px; }
  button { font: inherit; padding: 12px; border-radius: 10px; border: 1px solid #475569; background: #334155; color: inherit; cursor: pointer; }
  button[aria-pressed="true"] { background: #2563eb; border-color: #60a5fa; }
  #play { width: 100%; font-size: 18px; font-weight: 700; background: #16a34a; border-color: #22c55e; }
  #play:disabled { opacity: .6; cursor: wait; }
  #result { min-height: 48px; margin-top: 14px; font-size: 16px; }
  .win { color: #4ade80; } .loss { color: #f87171; }
</style>
</head>
<body>
<main>
  <h1 id="title">Vendor simulator</h1>
  <div class="muted" id="who"></div>
  <div class="balance" id="balance" aria-live="polite">…</div>
  <div class="muted">Bet</div>
  <div class="bets" id="bets"></div>
  <button id="play" type="button">Play</button>
  <div id="result" aria-live="polite"></div>
</main>
<script>
(() => {
  const q = new URLSearchParams(location.search);
  const api = ${JSON.stringify(mount)} + '/api/';
  const ctx = { merchant: q.get('merchant'), vendor: q.get('vendor'), game: q.get('game'),
    currency: q.get('currency') || '', token: q.get('token'), demo: q.get('demo') === '1', session: null };
  // The launch token is single-use: a reload of this page reuses the session it opened.
  const KEY = 'vendor-sim.session.' + (ctx.token || '');
  const $ = (id) => document.getElementById(id);
  // Amounts in the casino's language (the launch URL's lang), not the browser's; Latin digits
  // (this page carries no Bangla or Devanagari font of its own).
  const locale = ({ bn: 'bn-BD-u-nu-latn', hi: 'hi-IN-u-nu-latn', en: 'en-US' })[q.get('lang') || ''] || 'en-US';
  document.documentElement.lang = q.get('lang') || 'en';
  const money = (minor) => (minor / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) + ' ' + ctx.currency;
  let balance = 0, bet = 100;
  $('title').textContent = (ctx.vendor || 'Vendor') + ' · ' + (ctx.game || '');
  [100, 500, 1000, 5000].forEach((v) => {
    const b = document.createElement('button'); b.type = 'button'; b.textContent = money(v).replace(' ' + ctx.currency, '');
    b.setAttribute('aria-pressed', String(v === bet));
    b.onclick = () => { bet = v; document.querySelectorAll('#bets button').forEach((x) => x.setAttribute('aria-pressed', String(x === b))); };
    $('bets').appendChild(b);
  });
  const show = () => { $('balance').textContent = money(balance); };
  const tellSite = () => { try { window.parent.postMessage({ type: 'khela:balance' }, '*'); } catch (e) {} };
  const post = (path, body) => fetch(api + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const started = (a) => {
    if (a.status !== 'OK') { $('result').textContent = 'Cannot start: ' + a.code; $('play').disabled = true; return; }
    ctx.session = a.session; try { sessionStorage.setItem(KEY, JSON.stringify(a)); } catch (e) {}
    balance = a.balance; ctx.currency = a.currency; $('who').textContent = a.nickname || ''; show();
  };
  let kept = null; try { kept = JSON.parse(sessionStorage.getItem(KEY) || 'null'); } catch (e) {}
  if (ctx.demo) { balance = 1000000; $('who').textContent = 'Free play'; show(); }
  else if (kept && kept.session) { started(kept); post('balance', { session: kept.session }).then((a) => { if (a.status === 'OK') { balance = a.balance; show(); } }); }
  else post('session', { merchant: ctx.merchant, vendor: ctx.vendor, token: ctx.token }).then(started);
  $('play').onclick = async () => {
    $('play').disabled = true; $('result').textContent = '…';
    try {
      if (ctx.demo) {
        if (bet > balance) { $('result').textContent = 'Not enough play money'; return; }
        const a = await post('demo-spin', { amount: bet });
        balance += a.win - bet; show(); render(a); return;
      }
      const a = await post('spin', { session: ctx.session, game: ctx.game, amount: bet });
      if (a.status !== 'OK') { $('result').textContent = a.code === 'INSUFFICIENT_FUNDS' ? 'Not enough balance' : 'Refused: ' + a.code; return; }
      balance = a.balance; show(); render(a); tellSite();
    } finally { $('play').disabled = false; }
  };
  const render = (a) => {
    $('result').className = a.win > 0 ? 'win' : 'loss';
    $('result').textContent = a.win > 0 ? 'x' + a.multiplier + ' — won ' + money(a.win) : 'No win this round';
  };
})();
</script>
</body>
</html>`;

/** The simulator's routes: mount with a prefix (`/vendor-sim`) or at the root. */
export const vendorSimPlugin =
  (options: VendorSimOptions & { mount: string }): FastifyPluginAsync =>
  async (scope) => {
    const engine = createSimEngine(options);
    const html = page(options.mount);
    scope.get('/play', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html),
    );
    scope.post<{ Body: { merchant?: string; vendor?: string; token?: string } }>(
      '/api/session',
      { schema: { hide: true } },
      async (request) => {
        const { merchant, vendor, token } = request.body ?? {};
        if (!merchant || !vendor || !token) return { status: 'ERROR', code: 'BAD_REQUEST' };
        return engine.session(merchant, vendor, token);
      },
    );
    scope.post<{ Body: { session?: string } }>(
      '/api/balance',
      { schema: { hide: true } },
      async (request) => {
        const handle = request.body?.session;
        if (!handle) return { status: 'ERROR', code: 'BAD_REQUEST' };
        return engine.balance(handle);
      },
    );
    scope.post<{ Body: Partial<SpinInput> }>('/api/spin', { schema: { hide: true } }, async (request) => {
      const b = request.body ?? {};
      const amount = Number(b.amount);
      if (!b.session || !b.game) return { status: 'ERROR', code: 'BAD_REQUEST' };
      if (!Number.isSafeInteger(amount) || amount < 1) return { status: 'ERROR', code: 'BAD_REQUEST' };
      return engine.spin({ session: b.session, game: b.game, amount });
    });
    scope.post<{ Body: { amount?: number } }>(
      '/api/demo-spin',
      { schema: { hide: true } },
      async (request) => {
        const amount = Math.max(1, Math.floor(Number(request.body?.amount) || 0));
        const tenths = drawMultiplier();
        return { status: 'OK', multiplier: tenths / 10, win: Math.floor((amount * tenths) / 10) };
      },
    );
  };

/** Registers the simulator on an app (the server in demo mode, or the simulator's own process). */
export const mountVendorSim = async (app: FastifyInstance, options: VendorSimOptions & { mount: string }) => {
  await app.register(vendorSimPlugin(options), { prefix: options.mount });
};
