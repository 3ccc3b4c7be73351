import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../test/helpers';
import type { Fixture } from './feed';
import { insertFixtures } from './store';

/** Test support: fixtures with chosen lines and prices, and the sportsbook's HTTP calls. */

export const addFixture = async (t: TestApp, fixture: Fixture, merchantCode = 'khelabd') => {
  await t.app.services.sportsbook.ensureDefaults();
  await insertFixtures(
    t.db,
    merchantCode,
    [fixture],
    new Map([[fixture.feedKey, randomBytes(32).toString('hex')]]),
    90_000n,
    new Date(),
  );
  const event = await t.db
    .selectFrom('sb_event')
    .select('id')
    .where('feed_key', '=', fixture.feedKey)
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirstOrThrow();
  const selections = await t.db
    .selectFrom('sb_selection as s')
    .innerJoin('sb_market as m', 'm.id', 's.market_id')
    .select(['s.id', 's.code', 's.odds', 'm.kind', 'm.line_q', 'm.id as market_id'])
    .where('m.event_id', '=', event.id)
    .execute();
  /** The selection id of a market kind (and line) and code. */
  const sel = (kind: string, code: string, lineQ: number | null = null) => {
    const s = selections.find((x) => x.kind === kind && x.code === code && x.line_q === lineQ);
    if (!s) throw new Error(`no selection ${kind} ${lineQ} ${code}`);
    return { id: s.id, odds: String(s.odds), marketId: s.market_id };
  };
  return { eventId: event.id, sel };
};

export type LegBody = { selectionId: string; odds: string };

export const placeBet = (
  t: TestApp,
  token: string,
  body: {
    requestKey: string;
    kind: 'single' | 'multiple' | 'system';
    stakeMinor: number;
    oddsPolicy?: string;
    legs: LegBody[];
    systemSizes?: number[];
  },
) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/sportsbook/bets',
    headers: { authorization: token },
    payload: body,
  });

export const leg = (s: { id: string; odds: string }): LegBody => ({ selectionId: s.id, odds: s.odds });

export const balanceOf = async (t: TestApp, memberId: number) => {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `main:${memberId}`)
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
};
