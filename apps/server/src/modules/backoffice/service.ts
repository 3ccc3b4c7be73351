import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { PasswordHasher } from '../identity/passwords';
import type { SiteService } from '../site';
import { type Actor, readAudit, verifyChain } from './audit';
import { createContentOps } from './content-ops';
import { csvStream } from './csv';
import { createDashboard } from './dashboard';
import { createInboxOps } from './inbox-ops';
import { createMemberLists } from './member-lists';
import { createMemberOps, type MemberSearch } from './members';
import { assertCan, ROLE_PERMISSIONS } from './roles';
import { createSettingsOps } from './settings-ops';
import { createStaffService } from './staff';
import { createStaffOps } from './staff-ops';

type Deps = { db: Kysely<DB>; site: SiteService; hasher: PasswordHasher; now?: () => Date };

export type AuditFilter = {
  staffId?: number | undefined;
  action?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  sort: 'at' | 'action' | 'staff';
  order: 'asc' | 'desc';
};

const MEMBER_CSV_COLUMNS = [
  'id',
  'merchant',
  'username',
  'mobile',
  'email',
  'type',
  'status',
  'createdAt',
  'lastLoginAt',
] as const;
const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'staffId',
  'staff',
  'action',
  'target',
  'before',
  'after',
  'ip',
  'requestId',
] as const;

/**
 * The back office: one service per use case, each checking the caller's role first. A later
 * screen (cashier, catalogue, draws...) adds its own ops file here and a route block in routes.ts.
 */
export const createBackofficeService = ({ db, site, hasher, now = () => new Date() }: Deps) => {
  const staff = createStaffService({
    db,
    hasher,
    now,
    throttleMerchant: () => site.defaultMerchant().code,
  });
  const settings = createSettingsOps({ db, site, now });
  const members = createMemberOps({ db, site, hasher, now });
  const memberLists = createMemberLists({ db, now });
  const dashboard = createDashboard({ db, now });
  const content = createContentOps({ db, site, now });
  const staffOps = createStaffOps({ db, staff, now });
  const inbox = createInboxOps({ db, site, now });

  const auditRow = (r: Awaited<ReturnType<typeof readAudit>>['items'][number]) => ({
    id: Number(r.id),
    at: r.at.getTime(),
    staffId: r.staff_id,
    staff: r.staff_username,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
    ip: r.ip,
    requestId: r.request_id,
  });

  const audit = {
    list: async (actor: Actor, filter: AuditFilter, page: number, pageSize: number) => {
      assertCan(actor, 'audit.read');
      const { items, total } = await readAudit(
        db,
        filter,
        filter.sort,
        filter.order,
        pageSize,
        (page - 1) * pageSize,
      );
      return { items: items.map(auditRow), total, page, pageSize };
    },
    csv: async (actor: Actor, filter: AuditFilter) => {
      assertCan(actor, 'audit.read');
      return csvStream(AUDIT_CSV_COLUMNS, async (limit, offset) =>
        (await readAudit(db, filter, filter.sort, filter.order, limit, offset, false)).items.map((r) => ({
          ...auditRow(r),
          at: r.at.toISOString(),
        })),
      );
    },
    verify: () => verifyChain(db),
  };

  const memberList = {
    page: async (actor: Actor, filter: MemberSearch, page: number, pageSize: number) => {
      const { items, total } = await members.search(actor, filter, pageSize, (page - 1) * pageSize);
      return { items, total, page, pageSize };
    },
    csv: async (actor: Actor, filter: MemberSearch) =>
      csvStream(MEMBER_CSV_COLUMNS, async (limit, offset) =>
        (await members.search(actor, filter, limit, offset)).items.map((m) => ({
          ...m,
          createdAt: new Date(m.createdAt).toISOString(),
          lastLoginAt: m.lastLoginAt === null ? null : new Date(m.lastLoginAt).toISOString(),
        })),
      ),
  };

  const permissionsOf = (role: keyof typeof ROLE_PERMISSIONS) => [...ROLE_PERMISSIONS[role]];

  /** The merchants of this deployment (the back office edits each one's settings). */
  const merchants = async () =>
    (await site.current()).merchants.map((m) => ({
      code: m.code,
      name: m.name,
      currencySymbol: m.currencySymbol,
      languages: [...m.languages],
    }));

  return {
    staff,
    settings,
    members,
    memberList,
    memberLists,
    dashboard,
    audit,
    content,
    staffOps,
    inbox,
    permissionsOf,
    merchants,
  };
};

export type BackofficeService = ReturnType<typeof createBackofficeService>;
