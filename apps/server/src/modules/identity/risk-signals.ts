import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';

/**
 * Identity's risk signal (docs/decisions/054): `sharedDevice` — sessions opened since `since` by two
 * or more members of one merchant from the same device (the same address and browser, as the
 * session recorded them). One flag per member and device, naming the others; the key is a digest
 * of the device, its address shown in the detail.
 */
export const sharedDeviceSignals = async (db: Db, since: Date) => {
  const rows = await sql<{ member_id: number; ip: string; user_agent: string; members: number[] }>`
    WITH devices AS (
      SELECT DISTINCT s.member_id, m.merchant_code, s.ip, s.user_agent FROM member_session s
        JOIN member m ON m.id = s.member_id
        WHERE s.created_at >= ${since} AND s.ip IS NOT NULL AND s.user_agent IS NOT NULL
    ),
    shared AS (
      SELECT merchant_code, ip, user_agent, array_agg(DISTINCT member_id) AS members FROM devices
        GROUP BY merchant_code, ip, user_agent HAVING count(DISTINCT member_id) > 1
    )
    SELECT d.member_id, d.ip, d.user_agent, s.members FROM shared s
      JOIN devices d ON d.merchant_code = s.merchant_code AND d.ip = s.ip AND d.user_agent = s.user_agent
  `.execute(db);
  return rows.rows.map((r) => ({
    memberId: Number(r.member_id),
    kind: 'sharedDevice' as const,
    key: createHash('sha256').update(`${r.ip}\n${r.user_agent}`).digest('hex').slice(0, 32),
    detail: {
      ip: r.ip,
      browser: r.user_agent.slice(0, 120),
      members: r.members
        .map(Number)
        .filter((id) => id !== Number(r.member_id))
        .sort((a, b) => a - b),
    },
  }));
};
