import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema';
import { type Actor, assertCan } from '../../staff';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

type Deps = { db: Kysely<DB>; now: () => Date };

/** Registrations, logins and active members (distinct members who logged in) per UTC day. */
export const createDashboard = ({ db, now }: Deps) => {
  const figures = async (actor: Actor, merchant: string | undefined, days: number) => {
    assertCan(actor, 'dashboard.read');
    const today = new Date(`${dayKey(now())}T00:00:00Z`);
    const from = new Date(today.getTime() - (days - 1) * DAY_MS);
    const day = sql<string>`to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    let audit = db.selectFrom('identity_audit').where('at', '>=', from);
    if (merchant) audit = audit.where('merchant_code', '=', merchant);
    const rows = await audit
      .select([
        day.as('day'),
        sql<string>`count(*) FILTER (WHERE event = 'register')`.as('registrations'),
        sql<string>`count(*) FILTER (WHERE event = 'login.success')`.as('logins'),
        sql<string>`count(DISTINCT member_id) FILTER (WHERE event = 'login.success')`.as('active'),
      ])
      .groupBy(day)
      .execute();
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const series = Array.from({ length: days }, (_, i) => {
      const key = dayKey(new Date(from.getTime() + i * DAY_MS));
      const r = byDay.get(key);
      return {
        day: key,
        registrations: Number(r?.registrations ?? 0),
        logins: Number(r?.logins ?? 0),
        active: Number(r?.active ?? 0),
      };
    });
    const last = series[series.length - 1] ?? { registrations: 0, logins: 0, active: 0 };
    // The last 7 days as one window: active members are distinct over the week, not a sum of days.
    let weekly = db.selectFrom('identity_audit').where('at', '>=', new Date(today.getTime() - 6 * DAY_MS));
    if (merchant) weekly = weekly.where('merchant_code', '=', merchant);
    const week = await weekly
      .select([
        sql<string>`count(*) FILTER (WHERE event = 'register')`.as('registrations'),
        sql<string>`count(*) FILTER (WHERE event = 'login.success')`.as('logins'),
        sql<string>`count(DISTINCT member_id) FILTER (WHERE event = 'login.success')`.as('active'),
      ])
      .executeTakeFirst();
    return {
      today: { registrations: last.registrations, logins: last.logins, active: last.active },
      week: {
        registrations: Number(week?.registrations ?? 0),
        logins: Number(week?.logins ?? 0),
        active: Number(week?.active ?? 0),
      },
      days: series,
    };
  };
  return { figures };
};
