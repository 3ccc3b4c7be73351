/**
 * The vendor side of the seamless-wallet protocol (docs/decisions/010-provider-api.md): signs
 * and sends callbacks to `POST /provider/<vendor>/<action>`, with the misbehaviour of a real
 * vendor on demand: retries after time-outs and 5xx, duplicates, delays, tampered bytes, stale
 * timestamps. Used by the simulator's game page, the conformance suite, the crash driver and
 * the benchmark.
 */
import { randomInt } from 'node:crypto';
import { signBody } from '../../apps/server/src/shared/signed-body';
import type { ProviderAction, ProviderAnswer } from '../../packages/contract/src/provider';

export type WireRequest = { path: string; headers: Record<string, string>; body: string; timeoutMs?: number };
export type WireResponse = { status: number; body: string };
/** Sends one HTTP request; throws on a network failure or time-out. */
export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** Over the network (Node's fetch), with a per-request time-out. */
export const fetchTransport =
  (baseUrl: string): Transport =>
  async ({ path, headers, body, timeoutMs }) => {
    const response = await fetch(`${baseUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs ?? 10_000),
    });
    return { status: response.status, body: await response.text() };
  };

/** In process, through Fastify's `inject` (tests: no port). */
export const injectTransport =
  (app: {
    inject: (options: {
      method: 'POST';
      url: string;
      headers: Record<string, string>;
      payload: string;
    }) => Promise<{ statusCode: number; body: string }>;
  }): Transport =>
  async ({ path, headers, body }) => {
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { status: response.statusCode, body: response.body };
  };

export type Tamper =
  /** Flip one bit of the body after signing. */
  | { kind: 'body'; bit?: number }
  /** Flip one bit of the signature. */
  | { kind: 'signature'; bit?: number }
  /** Sign with a timestamp this many seconds in the past (negative: future). */
  | { kind: 'age'; seconds: number }
  /** Sign with another secret. */
  | { kind: 'secret'; secret: string };

export type CallOptions = {
  /** Send the same signed call this many extra times (after the first answer). */
  duplicates?: number;
  tamper?: Tamper;
  /** Overrides the client's retry count for this call. */
  retries?: number;
};

export type CallResult = {
  status: number;
  answer: ProviderAnswer;
  /** Every answer received (first, retries that got through, duplicates). */
  answers: { status: number; answer: ProviderAnswer }[];
  /** Attempts that failed on the network or timed out (their effect unknown to the vendor). */
  lost: number;
};

export type VendorClientOptions = {
  transport: Transport;
  vendorCode: string;
  merchant: string;
  secret: string;
  /** Unix ms; the signing clock. */
  clock?: () => number;
  /** Resend after a network failure, a time-out or a 5xx: this many more times (same txId). */
  retries?: number;
  retryDelayMs?: number;
  /** Give up on one attempt after this long (ms), whatever the transport; it counts as lost. */
  timeoutMs?: number;
};

/** The transport's answer, or a rejection once `ms` have passed (whatever the transport). */
const withTimeout = <T>(promise: Promise<T>, ms: number | undefined): Promise<T> => {
  if (!ms) return promise;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
};

export const flipBit = (text: string, bit: number) => {
  const bytes = Buffer.from(text, 'utf8');
  const index = Math.floor(bit / 8) % bytes.length;
  bytes[index] = (bytes[index] ?? 0) ^ (1 << (bit % 8));
  return bytes.toString('latin1');
};

export const createVendorClient = (options: VendorClientOptions) => {
  const clock = options.clock ?? Date.now;

  const wire = (action: ProviderAction, payload: Record<string, unknown>, tamper?: Tamper): WireRequest => {
    const body = JSON.stringify({ merchant: options.merchant, ...payload });
    const age = tamper?.kind === 'age' ? tamper.seconds : 0;
    const timestamp = String(Math.floor(clock() / 1000) - age);
    let signature = signBody(tamper?.kind === 'secret' ? tamper.secret : options.secret, timestamp, body);
    let sent = body;
    if (tamper?.kind === 'signature') {
      const bit = tamper.bit ?? randomInt(0, 256);
      const bytes = Buffer.from(signature, 'hex');
      const index = Math.floor(bit / 8) % bytes.length;
      bytes[index] = (bytes[index] ?? 0) ^ (1 << (bit % 8));
      signature = bytes.toString('hex');
    }
    if (tamper?.kind === 'body') sent = flipBit(body, tamper.bit ?? randomInt(0, body.length * 8));
    return {
      path: `/provider/${options.vendorCode}/${action}`,
      headers: {
        'content-type': 'application/json',
        'x-khela-timestamp': timestamp,
        'x-khela-signature': signature,
      },
      body: sent,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    };
  };

  const parse = (response: WireResponse): ProviderAnswer => {
    try {
      return JSON.parse(response.body) as ProviderAnswer;
    } catch {
      return { status: 'ERROR', code: 'INTERNAL_ERROR' };
    }
  };

  /** One callback, retried (re-signed, same data) until an answer below 500 or retries run out. */
  const call = async (
    action: ProviderAction,
    payload: Record<string, unknown>,
    callOptions: CallOptions = {},
  ): Promise<CallResult> => {
    const retries = callOptions.retries ?? options.retries ?? 0;
    const answers: CallResult['answers'] = [];
    let lost = 0;
    let last: { status: number; answer: ProviderAnswer } | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      try {
        const response = await withTimeout(
          options.transport(wire(action, payload, callOptions.tamper)),
          options.timeoutMs,
        );
        last = { status: response.status, answer: parse(response) };
        answers.push(last);
        if (response.status < 500) break;
      } catch {
        lost++;
      }
      if (attempt < retries && options.retryDelayMs)
        await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs));
    }
    for (let n = 0; n < (callOptions.duplicates ?? 0); n++) {
      try {
        const response = await withTimeout(
          options.transport(wire(action, payload, callOptions.tamper)),
          options.timeoutMs,
        );
        answers.push({ status: response.status, answer: parse(response) });
      } catch {
        lost++;
      }
    }
    if (!last) return { status: 0, answer: { status: 'ERROR', code: 'INTERNAL_ERROR' }, answers, lost };
    return { status: last.status, answer: last.answer, answers, lost };
  };

  return {
    call,
    wire,
    authenticate: (token: string, o?: CallOptions) => call('authenticate', { token }, o),
    balance: (playerId: string, o?: CallOptions) => call('balance', { playerId }, o),
    bet: (
      p: {
        playerId: string;
        token: string;
        txId: string;
        roundId: string;
        gameId: string;
        amount: number;
        currency: string;
      },
      o?: CallOptions,
    ) => call('bet', p, o),
    win: (
      p: {
        playerId: string;
        txId: string;
        roundId: string;
        gameId: string;
        amount: number;
        currency: string;
      },
      o?: CallOptions,
    ) => call('win', p, o),
    rollback: (p: { playerId: string; txId: string; roundId: string; refTxId: string }, o?: CallOptions) =>
      call('rollback', p, o),
    endRound: (p: { playerId: string; txId: string; roundId: string }, o?: CallOptions) =>
      call('endRound', p, o),
  };
};

export type VendorClient = ReturnType<typeof createVendorClient>;
