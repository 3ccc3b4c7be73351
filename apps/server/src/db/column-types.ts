/**
 * What the row types say that the database cannot: the values a CHECK constraint allows, the shape
 * of a JSON column, how a JSON column is written (a JSON string). The generator (codegen.ts) puts
 * these into schema.generated.ts in place of what it reads from the database (`text`, `Json`).
 */

/** A text in each language the site speaks (jsonb). */
export type Localized = Partial<Record<'bn' | 'en' | 'hi', string>>;

/** Member type: 0 member, 1/2/41/42 agent, 4 trial (API-FACTS §3.1). */
export type MemberType = 0 | 1 | 2 | 4 | 41 | 42;

export type IdentityAuditEvent =
  | 'register'
  | 'login.success'
  | 'login.failure'
  | 'login.locked'
  | 'logout'
  | 'password.change'
  | 'account.locked'
  | 'password.reset'
  | 'remember.reuse'
  | 'login.challenge'
  | 'social.link'
  | 'totp.enable'
  | 'totp.disable';

export type VerificationPurpose = 'register' | 'login' | 'reset';

export type CatalogueGameType =
  | 'RNG'
  | 'LIVE'
  | 'FISH'
  | 'PVP'
  | 'SPORTS'
  | 'ESPORTS'
  | 'COCKFIGHT'
  | 'ELOTT'
  | 'LOTT';

export type LedgerAccountKind =
  | 'member_main'
  | 'member_vendor'
  | 'pending_withdrawal'
  | 'agent_commission'
  /** A member's bonus wallet (promotions, migration 0050): granted bonus money under wagering. */
  | 'member_bonus'
  /** A member's table balance at a PvP room (pvp, migration 0090): chips bought in, not yet returned. */
  | 'member_table'
  | 'house'
  | 'payment_clearing'
  | 'bonus'
  /** The progressive jackpot pool of a merchant and currency (migration 0007, games). */
  | 'jackpot'
  /** The open pots of the PvP rooms of a merchant and currency (pvp, migration 0090). */
  | 'table_pot';

export type StaffRole = 'owner' | 'finance' | 'support' | 'content' | 'risk';

export type GamePlayMode = 'real' | 'demo';

export type GameRoundStatus = 'open' | 'settled' | 'cancelled';

export type ProviderTxState = 'applied' | 'refused' | 'tombstone' | 'rolled_back';

/** A JSON object column, written as a JSON string. */
const JSON_OBJECT = 'ColumnType<Record<string, unknown>, string, string>';
/** A localized text (jsonb), written as a JSON string. */
const LOCALIZED = 'ColumnType<Localized, string, string>';

/**
 * `table.column` → its type in schema.generated.ts, written whole (null and `Generated` included),
 * where the database's own type says less than the code relies on.
 */
export const COLUMN_TYPES: Record<string, string> = {
  'announcement.content': LOCALIZED,
  'announcement.execution': "'B' | 'A' | 'F' | null",
  'announcement.kind': "'B' | 'PL' | 'PU' | 'PR'",
  'announcement.linkage_type': "Generated<'NONE' | 'URL' | 'ROUTE'>",
  'announcement.title': LOCALIZED,
  'bo_audit.after': 'ColumnType<unknown, string | null, never>',
  'bo_audit.before': 'ColumnType<unknown, string | null, never>',
  'cashier_channel.kind': "'manual' | 'gateway'",
  'cashier_channel.texts':
    'ColumnType<Partial<Record<string, { name?: string; instructions?: string }>>, string | undefined, string>',
  'cashier_deposit.status': "'pending' | 'approved' | 'rejected'",
  'cashier_upload.mime': "'image/png' | 'image/jpeg'",
  'cashier_withdrawal.confirmation':
    "'distributed' | 'received' | 'not_received' | 'all_received' | 'auto_received' | 'forced' | null",
  'cashier_withdrawal.status': "'in_process' | 'approved' | 'issued' | 'rejected'",
  'cashier_withdrawal_event.actor': "'member' | 'finance' | 'system'",
  'feedback.status': "Generated<'open' | 'replied'>",
  'feedback_image.mime': "'image/png' | 'image/jpeg'",
  'game.classify': 'ColumnType<string[], string, string>',
  'game.display_name': LOCALIZED,
  'game.game_type': 'CatalogueGameType',
  'game.launch': JSON_OBJECT,
  'game_classify.display_name': LOCALIZED,
  'game_launch_token.mode': 'GamePlayMode',
  'game_round.bet': 'ColumnType<Record<string, unknown> | null, string | null, string | null>',
  'game_round.mode': 'ColumnType<GamePlayMode, GamePlayMode | undefined, GamePlayMode>',
  'game_round.result': 'ColumnType<Record<string, unknown> | null, string | null, string | null>',
  'game_round.status': 'GameRoundStatus',
  'game_session.mode': 'GamePlayMode',
  'play_hourly.product': 'CatalogueGameType',
  'help_article.content': LOCALIZED,
  'help_article.title': LOCALIZED,
  'identity_audit.detail': 'ColumnType<Record<string, unknown>, string | undefined, never>',
  'identity_audit.event': 'IdentityAuditEvent',
  'identity_key.private_jwk': 'ColumnType<Record<string, unknown>, string, never>',
  'identity_key.public_jwk': 'ColumnType<Record<string, unknown>, string, never>',
  'journal_entry.metadata': 'ColumnType<Record<string, unknown>, string, never>',
  'ledger_account.kind': 'LedgerAccountKind',
  'login_challenge.channel': "'sms' | 'email' | null",
  'login_challenge.methods': 'ColumnType<string[], string | undefined, string>',
  'lottery_schedule.remark': 'ColumnType<Localized, string | undefined, string>',
  'member.status': "Generated<'active' | 'locked'>",
  'member.type': 'Generated<MemberType>',
  'member_social_link.provider': "'google' | 'facebook'",
  'merchant.languages': 'ColumnType<string[], string, string>',
  'outbox.channel': "'sms' | 'email'",
  'provider_round.status': "Generated<'open' | 'settled' | 'cancelled'>",
  'provider_tx.action': "'bet' | 'win' | 'rollback' | 'endRound'",
  'provider_tx.answer': JSON_OBJECT,
  'provider_tx.state': 'ProviderTxState',
  'site_setting.value': 'ColumnType<unknown, string, string>',
  'staff.role': 'StaffRole',
  'staff.status': "Generated<'active' | 'disabled'>",
  'vendor.game_type': 'CatalogueGameType',
  'vendor.is_game': "Generated<'VASSALAGE' | 'GAME'>",
  'vendor.lane': "'ESPORTS' | 'COCKFIGHT' | null",
  'verification_code.purpose': 'VerificationPurpose',
};

/** The named types above, as the generated file imports them. */
export const NAMED_TYPES = [
  'CatalogueGameType',
  'GamePlayMode',
  'GameRoundStatus',
  'IdentityAuditEvent',
  'LedgerAccountKind',
  'Localized',
  'MemberType',
  'ProviderTxState',
  'StaffRole',
  'VerificationPurpose',
] as const;
