/**
 * The provably fair byte stream and the unbiased mapping of its draws to integers.
 *
 * block(cursor) = HMAC-SHA256(key = serverSeed (its 64 ASCII hex characters),
 *                             message = `${clientSeed}:${nonce}:${cursor}`), cursor = 0, 1, 2…
 * The stream is block(0) ‖ block(1) ‖ …; a draw is the next 4 bytes read big-endian.
 * Anyone can recompute a block with `printf %s "$CLIENT:$NONCE:0" | openssl dgst -sha256 -hmac "$SERVER"`.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** A server seed: 32 bytes as 64 lowercase hex characters. */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
/** A client seed: 1–64 printable ASCII characters without spaces. */
export const CLIENT_SEED_PATTERN = /^[!-~]{1,64}$/;

/** Invalid input to the fairness functions (a programming or request error, never a random event). */
export class FairError extends Error {
  constructor(
    readonly code:
      | 'bad_server_seed'
      | 'bad_client_seed'
      | 'bad_nonce'
      | 'bad_range'
      | 'bad_bet'
      | 'bad_state',
    message: string,
  ) {
    super(message);
    this.name = 'FairError';
  }
}

export const isServerSeed = (seed: unknown): seed is string =>
  typeof seed === 'string' && SERVER_SEED_PATTERN.test(seed);
export const isClientSeed = (seed: unknown): seed is string =>
  typeof seed === 'string' && CLIENT_SEED_PATTERN.test(seed);

/** The commitment published before play: hex sha256 of the server seed's ASCII characters. */
export const commitmentOf = (serverSeed: string): string => {
  if (!isServerSeed(serverSeed))
    throw new FairError('bad_server_seed', 'server seed must be 64 hex characters');
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
};

const checkInputs = (serverSeed: string, clientSeed: string, nonce: number) => {
  if (!isServerSeed(serverSeed))
    throw new FairError('bad_server_seed', 'server seed must be 64 hex characters');
  if (!isClientSeed(clientSeed))
    throw new FairError('bad_client_seed', 'client seed must be 1–64 printable ASCII characters');
  if (!Number.isSafeInteger(nonce) || nonce < 0)
    throw new FairError('bad_nonce', 'nonce must be a non-negative integer');
};

// The keyed HMAC state of the last server seed used: a spin needs one block, and thousands of
// spins in a row (RTP simulation, a player's session) share the seed, so the key schedule is
// kept, and blocks are computed in a reused scratch state and buffers (no allocation per block).
type KeyedHmac = ReturnType<typeof hmac.create>;
type Keyed = {
  seed: string;
  keyed: KeyedHmac;
  scratch: Parameters<KeyedHmac['_cloneInto']>[0];
  message: Uint8Array;
};
let lastKey: Keyed | null = null;
const keyedFor = (serverSeed: string): Keyed => {
  if (lastKey === null || lastKey.seed !== serverSeed) {
    const keyed = hmac.create(sha256, utf8ToBytes(serverSeed));
    lastKey = { seed: serverSeed, keyed, scratch: keyed.clone(), message: new Uint8Array(128) };
  }
  return lastKey;
};

/** Writes `${clientSeed}:${nonce}:${cursor}` as ASCII (the client seed is ASCII by its pattern). */
const writeMessage = (out: Uint8Array, clientSeed: string, nonce: number, cursor: number): number => {
  let n = 0;
  for (let i = 0; i < clientSeed.length; i++) out[n++] = clientSeed.charCodeAt(i);
  out[n++] = 58; // ':'
  const nonceText = String(nonce);
  for (let i = 0; i < nonceText.length; i++) out[n++] = nonceText.charCodeAt(i);
  out[n++] = 58;
  const cursorText = String(cursor);
  for (let i = 0; i < cursorText.length; i++) out[n++] = cursorText.charCodeAt(i);
  return n;
};

/** Block `cursor` into `out` (32 bytes); inputs already checked. */
const blockInto = (
  out: Uint8Array,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  cursor: number,
) => {
  const k = keyedFor(serverSeed);
  const length = writeMessage(k.message, clientSeed, nonce, cursor);
  k.keyed._cloneInto(k.scratch);
  const scratch = k.scratch as KeyedHmac;
  scratch.update(k.message.subarray(0, length));
  scratch.digestInto(out);
};

/** One 32-byte block of the stream. */
export const hmacBlock = (
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  cursor: number,
): Uint8Array => {
  checkInputs(serverSeed, clientSeed, nonce);
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new FairError('bad_range', 'cursor must be ≥ 0');
  const out = new Uint8Array(32);
  blockInto(out, serverSeed, clientSeed, nonce, cursor);
  return out;
};

/**
 * The rejection mapping of one `bits`-bit draw (0 ≤ draw < 2^bits) to [0, n): draws at or above
 * the largest multiple of n that fits, floor(2^bits / n) · n, are rejected (null) and the caller
 * takes another draw; an accepted draw maps to draw mod n. Every outcome then has exactly
 * floor(2^bits / n) accepted draws.
 */
export const mapDraw = (draw: number, bits: number, n: number): number | null => {
  const span = 2 ** bits;
  if (!Number.isInteger(n) || n < 1 || n > span)
    throw new FairError('bad_range', `range must be an integer in 1..2^${bits}`);
  const limit = Math.floor(span / n) * n;
  return draw < limit ? draw % n : null;
};

export type ByteStream = {
  nextByte(): number;
  /** The next 4 bytes, big-endian: uniform in [0, 2^32). */
  nextUint32(): number;
  /** Uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection sampling over 32-bit draws. */
  uniformInt(n: number): number;
  /** Bytes consumed so far. */
  readonly position: number;
};

class HmacStream implements ByteStream {
  private readonly block = new Uint8Array(32);
  private cursor = 0;
  private offset = 0;

  constructor(
    private readonly serverSeed: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {
    blockInto(this.block, serverSeed, clientSeed, nonce, 0);
  }

  get position(): number {
    return this.cursor * 32 + this.offset;
  }

  nextByte(): number {
    if (this.offset === 32) {
      this.cursor += 1;
      blockInto(this.block, this.serverSeed, this.clientSeed, this.nonce, this.cursor);
      this.offset = 0;
    }
    return this.block[this.offset++] as number;
  }

  nextUint32(): number {
    const o = this.offset;
    if (o <= 28) {
      const b = this.block;
      this.offset = o + 4;
      return (
        (((b[o] as number) << 24) |
          ((b[o + 1] as number) << 16) |
          ((b[o + 2] as number) << 8) |
          (b[o + 3] as number)) >>>
        0
      );
    }
    return (
      ((this.nextByte() << 24) | (this.nextByte() << 16) | (this.nextByte() << 8) | this.nextByte()) >>> 0
    );
  }

  uniformInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32)
      throw new FairError('bad_range', 'range must be an integer in 1..2^32');
    const limit = Math.floor(2 ** 32 / n) * n; // the same rejection rule as mapDraw(draw, 32, n)
    for (;;) {
      const draw = this.nextUint32();
      if (draw < limit) return draw % n;
    }
  }
}

export const createByteStream = (input: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}): ByteStream => {
  checkInputs(input.serverSeed, input.clientSeed, input.nonce);
  return new HmacStream(input.serverSeed, input.clientSeed, input.nonce);
};
