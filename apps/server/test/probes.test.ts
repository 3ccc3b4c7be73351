import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../src/modules/wallet/test-support';
import { createTestApp, type TestApp } from './helpers';

/**
 * Liveness, readiness and metrics (issue 23, ADR 041): /livez never asks the database, /readyz
 * does and answers 503 without it, /metrics exists only with a token and answers only to it.
 */
const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { KHELA_SCHEDULER: 'off', METRICS_TOKEN: TOKEN } });
});

afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
};

/** The value of one sample line (name with its labels exactly as written), or undefined. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('probes', () => {
  it('answers liveness and readiness', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('refuses /metrics without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('khela_');
    }
  });

  it('counts requests by route template and status, and shows jobs, sockets and process figures', async () => {
    const before =
      sample(await scrape(), 'khela_http_requests_total{method="GET",route="/livez",status="200"}') ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/livez' });
    await t.app.inject({ method: 'GET', url: '/wps/no-such-call' });
    const text = await scrape();
    expect(sample(text, 'khela_http_requests_total{method="GET",route="/livez",status="200"}')).toBe(
      before + 3,
    );
    expect(
      sample(text, 'khela_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'khela_http_request_duration_seconds_count{method="GET",route="/livez"}')).toBe(
      before + 3,
    );
    expect(sample(text, 'khela_open_sockets')).toBe(0);
    expect(sample(text, 'khela_job_runs{job="identity.purge",outcome="ok"}')).toBe(0);
    expect(sample(text, 'khela_job_seconds_since_last_run{job="identity.purge"}')).toBe(-1);
    expect(text).toContain('khela_process_cpu_user_seconds_total');
  });

  it('reports a job run and the journal entries inserted', async () => {
    const m = await newMember(t.db, { prefix: 'prb' });
    await t.app.services.wallet.grantDemoCredit(m.member.id, { amount: 5_000n });
    await t.app.services.scheduler.runNow('identity.purge');
    const text = await scrape();
    expect(sample(text, 'khela_job_runs{job="identity.purge",outcome="ok"}')).toBe(1);
    expect(sample(text, 'khela_job_seconds_since_last_run{job="identity.purge"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'khela_ledger_entries_inserted')).toBeGreaterThanOrEqual(1);
  });
});

describe('without a metrics token, or a database', () => {
  it('has no /metrics at all, and /readyz answers 503 once the database is gone while /livez stays 200', async () => {
    const other = await createTestApp({ config: { KHELA_SCHEDULER: 'off' } });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      await other.database.close();
      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('unavailable');
      expect((await other.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});
