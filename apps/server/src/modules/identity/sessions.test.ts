import { describe, expect, it } from 'vitest';
import {
  hashSessionToken,
  isSessionLive,
  isWellFormedToken,
  newSessionToken,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from './sessions';

describe('session tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newSessionToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(isWellFormedToken(token)).toBe(true);
    }
  });

  it('are stored as their SHA-256, never raw', () => {
    const token = newSessionToken();
    const hash = hashSessionToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashSessionToken(token)).toBe(hash);
  });

  it('refuses malformed tokens before any lookup', () => {
    expect(isWellFormedToken('')).toBe(false);
    expect(isWellFormedToken('Bearer abc')).toBe(false);
    expect(isWellFormedToken(`${newSessionToken()}x`)).toBe(false);
    expect(isWellFormedToken("x' OR '1'='1")).toBe(false);
  });
});

describe('session expiry', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);
  const session = (lastSeenMs: number, revokedAt: Date | null = null) => ({
    createdAt: start,
    lastSeenAt: at(lastSeenMs),
    expiresAt: at(SESSION_ABSOLUTE_MS),
    revokedAt,
  });

  it('ends 30 minutes after the last use', () => {
    expect(isSessionLive(session(0), at(SESSION_IDLE_MS - 1))).toBe(true);
    expect(isSessionLive(session(0), at(SESSION_IDLE_MS))).toBe(false);
    expect(isSessionLive(session(SESSION_IDLE_MS), at(SESSION_IDLE_MS * 2 - 1))).toBe(true);
  });

  it('ends 24 hours after it began, however recently used', () => {
    expect(isSessionLive(session(SESSION_ABSOLUTE_MS - 60_000), at(SESSION_ABSOLUTE_MS - 1))).toBe(true);
    expect(isSessionLive(session(SESSION_ABSOLUTE_MS - 60_000), at(SESSION_ABSOLUTE_MS))).toBe(false);
  });

  it('ends when revoked', () => {
    expect(isSessionLive(session(0, at(1)), at(2))).toBe(false);
  });
});
