import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module reads the page once: each case loads it afresh. */
const load = async () => {
  vi.resetModules();
  return import('./first-data');
};

const write = (text: string) => {
  const script = document.createElement('script');
  script.id = 'khela-first-data';
  script.type = 'application/json';
  script.textContent = text;
  document.body.append(script);
};

const DATA = { lang: 'bn', merchant: 'khelabd', status: { status: 0 }, rng: { games: [] } };

afterEach(() => {
  document.getElementById('khela-first-data')?.remove();
});

describe('the first data written into the page', () => {
  it('is taken once, for the language and merchant it was written for', async () => {
    write(JSON.stringify(DATA));
    const { takeFirstData } = await load();
    expect(takeFirstData('bn', null)).toEqual(DATA);
    expect(takeFirstData('bn', null)).toBeUndefined();
    expect((await load()).takeFirstData('bn', 'khelabd')).toEqual(DATA);
  });

  it('is not used in another language, for another merchant, or when missing or broken', async () => {
    write(JSON.stringify(DATA));
    expect((await load()).takeFirstData('en', null)).toBeUndefined();
    expect((await load()).takeFirstData('bn', 'khelain')).toBeUndefined();
    document.getElementById('khela-first-data')?.remove();
    expect((await load()).takeFirstData('bn', null)).toBeUndefined();
    write('{"lang":');
    expect((await load()).takeFirstData('bn', null)).toBeUndefined();
  });
});
