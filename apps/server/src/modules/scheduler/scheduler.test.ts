import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createScheduler } from './index';

const silentLog = () => ({ error: vi.fn(), debug: vi.fn() });

describe('scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job every interval once started, and not before', async () => {
    vi.useFakeTimers();
    const scheduler = createScheduler({ log: silentLog() });
    let runs = 0;
    scheduler.every('count', 1000, async () => {
      runs += 1;
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(0);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3500);
    expect(runs).toBe(3);
    await scheduler.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });

  it('never overlaps a job with itself: a slow run pushes the next one back', async () => {
    vi.useFakeTimers();
    const scheduler = createScheduler({ log: silentLog() });
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    scheduler.every('slow', 100, async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      active -= 1;
      runs += 1;
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(100);
    // A manual run while the timed run is in flight joins it instead of starting a second one.
    const joined = scheduler.runNow('slow');
    await vi.advanceTimersByTimeAsync(1000);
    await joined;
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(maxActive).toBe(1);
    // Each run takes 1000 ms and the next starts 100 ms after: 1100 ms per cycle.
    expect(runs).toBe(5);
    // The sixth run is in flight: close waits for it.
    const closing = scheduler.close();
    await vi.advanceTimersByTimeAsync(1000);
    await closing;
    expect(runs).toBe(6);
  });

  it('logs a failing job and keeps running it at its interval', async () => {
    vi.useFakeTimers();
    const log = silentLog();
    const scheduler = createScheduler({ log });
    let calls = 0;
    scheduler.every('flaky', 1000, async () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[1]).toBe('scheduler job failed');
    const status = scheduler.status()[0];
    expect(status).toMatchObject({ name: 'flaky', runs: 2, failures: 1, lastError: null });
    await scheduler.close();
  });

  it('close waits for a run in flight and refuses new jobs', async () => {
    const scheduler = createScheduler({ log: silentLog() });
    let finished = false;
    scheduler.every('long', 60_000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished = true;
    });
    const run = scheduler.runNow('long');
    await scheduler.close();
    expect(finished).toBe(true);
    await run;
    expect(() => scheduler.every('late', 1000, async () => {})).toThrow(/closed/);
  });

  it('rejects duplicate names, bad intervals and unknown jobs', async () => {
    const scheduler = createScheduler({ log: silentLog() });
    scheduler.every('a', 1000, async () => {});
    expect(() => scheduler.every('a', 1000, async () => {})).toThrow(/already/);
    expect(() => scheduler.every('b', 0, async () => {})).toThrow(/interval/);
    await expect(scheduler.runNow('nope')).rejects.toThrow(/no scheduler job/);
    await scheduler.close();
  });

  it('stamps runs with the injected clock', async () => {
    const at = new Date('2026-03-01T00:00:00Z');
    const scheduler = createScheduler({ log: silentLog(), now: () => at });
    scheduler.every('stamp', 1000, async () => {});
    await scheduler.runNow('stamp');
    expect(scheduler.status()[0]?.lastFinishedAt).toEqual(at);
    await scheduler.close();
  });
});

describe('scheduler in the app', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is exposed as app.services.scheduler and does not start timers for inject-only apps', async () => {
    t = await createTestApp();
    const { scheduler } = t.app.services;
    expect(scheduler.status().map((j) => j.name)).toContain('identity.purge');
    let ran = 0;
    scheduler.every('test.job', 1, async () => {
      ran += 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ran).toBe(0);
    await scheduler.runNow('test.job');
    expect(ran).toBe(1);
  });
});
