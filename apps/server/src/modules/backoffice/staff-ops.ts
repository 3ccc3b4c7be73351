import type { StaffRole } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../identity/store';
import { type Actor, appendAudit } from './audit';
import { assertCan } from './roles';
import type { StaffService } from './staff';

type Deps = { db: Kysely<DB>; staff: StaffService; now: () => Date };

/** The owner's staff screen: list, create (enrols on first login), disable and enable. */
export const createStaffOps = ({ db, staff, now }: Deps) => {
  const list = async (actor: Actor) => {
    assertCan(actor, 'staff.manage');
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'username', 'role', 'status', 'totp_secret', 'created_at'])
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      role: r.role,
      status: r.status,
      enrolled: r.totp_secret !== null,
      createdAt: r.created_at.getTime(),
    }));
  };

  const create = async (actor: Actor, input: { username: string; password: string; role: StaffRole }) => {
    assertCan(actor, 'staff.manage');
    try {
      return await db.transaction().execute(async (trx) => {
        const { id } = await staff.create(input, trx);
        // The password is never written to the log.
        await appendAudit(
          trx,
          actor,
          {
            action: 'staff.create',
            target: `staff:${id}`,
            after: { username: input.username, role: input.role },
          },
          now(),
        );
        return { id };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'staff_username_key'))
        throw new AppError('conflict', { value: { username: input.username } });
      throw error;
    }
  };

  const setStatus = async (actor: Actor, staffId: number, status: 'active' | 'disabled') => {
    assertCan(actor, 'staff.manage');
    if (staffId === actor.id) throw new AppError('conflict', { value: { staffId } });
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff')
        .select(['status'])
        .where('id', '=', staffId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('not.found');
      await trx.updateTable('staff').set({ status }).where('id', '=', staffId).execute();
      let revoked = 0;
      if (status === 'disabled') {
        const result = await trx
          .updateTable('staff_session')
          .set({ revoked_at: at })
          .where('staff_id', '=', staffId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        revoked = Number(result.numUpdatedRows);
      }
      await appendAudit(
        trx,
        actor,
        {
          action: 'staff.status',
          target: `staff:${staffId}`,
          before: { status: row.status },
          after: { status, sessionsRevoked: revoked },
        },
        at,
      );
    });
    return { ok: true as const };
  };

  return { list, create, setStatus };
};
