import type { DB } from './schema.generated';

/**
 * Row types of every table, as Kysely sees them: generated from the migrated database
 * (schema.generated.ts by `npm run db:types`; a test fails when it drifts from the migrations),
 * with the narrower column types of column-types.ts. The rest of the code imports them from here.
 */
export type {
  CatalogueGameType,
  GamePlayMode,
  GameRoundStatus,
  IdentityAuditEvent,
  LedgerAccountKind,
  Localized,
  MemberType,
  ProviderTxState,
  StaffRole,
  VerificationPurpose,
} from './column-types';
export type { DB };

export type MemberTable = DB['member'];
