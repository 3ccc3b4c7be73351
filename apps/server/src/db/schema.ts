import type { ColumnType, Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. Keep in step with db/migrations. */
export type Localized = Partial<Record<'bn' | 'en' | 'hi', string>>;

export type MerchantTable = {
  code: string;
  name: string;
  country: string;
  currency: string;
  currency_symbol: string;
  languages: ColumnType<string[], string, string>;
  default_language: string;
  dial_code: string;
  sort: Generated<number>;
};

export type SiteSettingTable = {
  merchant_code: string;
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
};

export type SiteVersionTable = { id: number; version: number };

export type MediaTable = {
  id: string;
  mime: string;
  bytes: Uint8Array;
  sha256: string;
  created_at: Generated<Date>;
};

export type AnnouncementTable = {
  id: Generated<number>;
  merchant_code: string;
  kind: 'B' | 'PL' | 'PU' | 'PR';
  group_name: string | null;
  title: ColumnType<Localized, string, string>;
  content: ColumnType<Localized, string, string>;
  linkage_type: Generated<'NONE' | 'URL' | 'ROUTE'>;
  link: string | null;
  media_id: string | null;
  execution: 'B' | 'A' | 'F' | null;
  category: string | null;
  promotion_type: string | null;
  start_at: Date | null;
  end_at: Date | null;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
};

export type HelpArticleTable = {
  id: Generated<number>;
  merchant_code: string;
  parent_id: number | null;
  tag: string;
  title: ColumnType<Localized, string, string>;
  content: ColumnType<Localized, string, string>;
  bg_color: string | null;
  sort: Generated<number>;
  display: Generated<boolean>;
};

/** Member type: 0 member, 1/2/41/42 agent, 4 trial (API-FACTS §3.1). */
export type MemberType = 0 | 1 | 2 | 4 | 41 | 42;

export type MemberTable = {
  id: Generated<number>;
  merchant_code: string;
  username: string;
  /** E.164, e.g. +8801712345678. */
  mobile: string | null;
  email: string | null;
  /** argon2id PHC string; null when the account signs in by SMS code only. */
  password_hash: string | null;
  type: Generated<MemberType>;
  upline_id: number | null;
  nickname: string;
  status: Generated<'active' | 'locked'>;
  password_changed_at: Date;
  must_change_password: Generated<boolean>;
  created_at: Date;
  last_login_at: Date | null;
  payee_name: string | null;
  qq: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  id_number: string | null;
  recommender_id: string | null;
  affiliate_code: string | null;
  referral_code: string | null;
  payment_password_hash: string | null;
  register_ip: string | null;
  register_domain: string | null;
  /** An agent's own affiliate (invitation) code: members registering with it get the agent as upline. */
  agent_code: string | null;
};

export type MemberSessionTable = {
  /** Hex SHA-256 of the raw token; the raw token is never stored. */
  token_hash: string;
  member_id: number;
  created_at: Date;
  last_seen_at: Date;
  /** Absolute expiry (created_at + 24 h); the idle expiry is last_seen_at + 30 min. */
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  /** The remember-me family that opened this session (logout revokes it). */
  remember_family: string | null;
};

export type LoginThrottleTable = {
  merchant_code: string;
  /** `m:<member id>`, `p:<E.164>` or `u:<lower-case username>`. */
  subject: string;
  failures: Generated<number>;
  locked_until: Date | null;
  updated_at: Date;
};

export type IdentityAuditEvent =
  | 'register'
  | 'login.success'
  | 'login.failure'
  | 'login.locked'
  | 'logout'
  | 'password.change'
  | 'account.locked'
  | 'password.reset'
  | 'remember.reuse';

export type IdentityAuditTable = {
  id: Generated<string>;
  at: Date;
  merchant_code: string;
  member_id: number | null;
  username: string | null;
  event: IdentityAuditEvent;
  ip: string | null;
  user_agent: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
};

/** RSA key pairs for JWE request bodies; the newest live one is published. */
export type IdentityKeyTable = {
  kid: string;
  public_jwk: ColumnType<Record<string, unknown>, string, never>;
  private_jwk: ColumnType<Record<string, unknown>, string, never>;
  created_at: Date;
  retired_at: Date | null;
};

/** Every SMS and email the outbox adapter delivered (the default adapter; tests read codes here). */
export type OutboxTable = {
  id: Generated<string>;
  channel: 'sms' | 'email';
  merchant_code: string | null;
  recipient: string;
  subject: string | null;
  body: string;
  purpose: string | null;
  created_at: Date;
};

export type VerificationPurpose = 'register' | 'login' | 'reset';

/** SMS codes: only an HMAC of the code is kept; single use, at most 5 tries. */
export type VerificationCodeTable = {
  id: Generated<string>;
  merchant_code: string;
  mobile: string;
  purpose: VerificationPurpose;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  attempts: Generated<number>;
  used_at: Date | null;
  /** False when nothing was sent (no member has the number): still counted by the send throttle. */
  delivered: boolean;
};

/** Image captchas: the browser holds the id in an httpOnly cookie; id and answer are stored hashed. */
export type CaptchaTable = {
  id_hash: string;
  merchant_code: string;
  answer_hash: string;
  created_at: Date;
  expires_at: Date;
};

/** Remember-me tokens: stored hashed, rotated on use (the family ties the rotations together). */
export type RememberTokenTable = {
  token_hash: string;
  family: string;
  member_id: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
};

/** Server-side secrets made on first use (HMAC keys). */
export type IdentitySecretTable = { name: string; value: string; created_at: Date };

/** Solved proof-of-work payloads already spent (replays are refused). */
export type HumanVerificationUsedTable = { signature_hash: string; expires_at: Date };

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

export type CatalogueVersionTable = { id: number; version: number };

export type VendorTable = {
  /** The vendor code (`vassalage`). */
  code: string;
  game_type: CatalogueGameType;
  display_name: string;
  lane: 'ESPORTS' | 'COCKFIGHT' | null;
  is_hot: Generated<boolean>;
  account_type_id: number;
  account_type_name: string;
  is_game: Generated<'VASSALAGE' | 'GAME'>;
  game_code: string | null;
  default_play_type: string | null;
  logo_media_id: string | null;
  icon_media_id: string | null;
  logo_url: string | null;
  icon_url: string | null;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  allow_demo: Generated<boolean>;
  updated_at: Generated<Date>;
};

export type GameClassifyTable = {
  key: string;
  display_name: ColumnType<Localized, string, string>;
  sort: Generated<number>;
};

export type GameTable = {
  node_id: string;
  game_id: string;
  vendor_code: string;
  game_type: CatalogueGameType;
  display_name: ColumnType<Localized, string, string>;
  search_text: string;
  classify: ColumnType<string[], string, string>;
  /** numeric(12,2): a decimal string, never a float. */
  min_bet: ColumnType<string, string, string>;
  min_line_num: Generated<number>;
  hot_rank: number | null;
  is_new: Generated<boolean>;
  icon_media_id: string | null;
  icon_url: string | null;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  launch: ColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
};

export type FavouriteGameTable = { member_id: number; node_id: string; created_at: Date };

export type RecentGameTable = { member_id: number; node_id: string; last_played_at: Date };

export type GameWinTable = {
  id: Generated<string>;
  merchant_code: string;
  member_id: number;
  node_id: string;
  round_ref: string;
  bet_amount: ColumnType<string, string, string>;
  win_amount: ColumnType<string, string, string>;
  won_at: Date;
};

/** Ledger account kinds (docs/decisions/007-ledger.md). The first four are guarded (never negative). */
export type LedgerAccountKind =
  | 'member_main'
  | 'member_vendor'
  | 'pending_withdrawal'
  | 'agent_commission'
  | 'house'
  | 'payment_clearing'
  | 'bonus';

/** int8 columns come back as decimal strings; money code converts them with BigInt. */
type Int8 = ColumnType<string, string | bigint, string | bigint>;

export type LedgerAccountTable = {
  id: string;
  merchant_code: string;
  currency: string;
  kind: LedgerAccountKind;
  member_id: number | null;
  vendor_code: string | null;
  owner_key: string;
  guarded: boolean;
  balance: Int8;
  created_at: Date;
};

export type JournalEntryTable = {
  id: string;
  merchant_code: string;
  idempotency_key: string;
  kind: string;
  request_hash: string;
  reverses: string | null;
  metadata: ColumnType<Record<string, unknown>, string, never>;
  created_at: Date;
};

export type JournalLineTable = {
  entry_id: string;
  line_no: number;
  account_id: string;
  currency: string;
  amount: Int8;
  balance_after: Int8;
};

export type StaffRole = 'owner' | 'finance' | 'support' | 'content' | 'risk';

/** Back-office staff: separate from members; argon2id password, TOTP second factor. */
export type StaffTable = {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: StaffRole;
  status: Generated<'active' | 'disabled'>;
  /** Base32 RFC 6238 secret once enrolled; null until the first login confirms one. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  enrol_token_hash: string | null;
  enrol_expires_at: Date | null;
  /** The last accepted TOTP time step: a code of this step or earlier is refused (replay). */
  totp_last_step: ColumnType<string, string | number | undefined, string | number>;
  failures: Generated<number>;
  locked_until: Date | null;
  created_at: Date;
};

export type StaffSessionTable = {
  token_hash: string;
  staff_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
};

export type MemberNoteTable = {
  id: Generated<number>;
  member_id: number;
  staff_id: number;
  body: string;
  created_at: Date;
};

/** Append-only, hash-chained staff audit (hash = sha256(prev_hash || canonical row)). */
export type BoAuditTable = {
  id: ColumnType<string, string | number, never>;
  at: Date;
  staff_id: number | null;
  staff_username: string | null;
  action: string;
  target: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string | null;
  request_id: string | null;
  prev_hash: string;
  hash: string;
};

export type BoAuditHeadTable = {
  id: number;
  last_id: ColumnType<string, string | number, string | number>;
  hash: string;
};

export type DB = {
  staff: StaffTable;
  staff_session: StaffSessionTable;
  member_note: MemberNoteTable;
  bo_audit: BoAuditTable;
  bo_audit_head: BoAuditHeadTable;
  merchant: MerchantTable;
  site_setting: SiteSettingTable;
  site_version: SiteVersionTable;
  media: MediaTable;
  announcement: AnnouncementTable;
  help_article: HelpArticleTable;
  member: MemberTable;
  member_session: MemberSessionTable;
  login_throttle: LoginThrottleTable;
  identity_audit: IdentityAuditTable;
  identity_key: IdentityKeyTable;
  outbox: OutboxTable;
  verification_code: VerificationCodeTable;
  captcha: CaptchaTable;
  remember_token: RememberTokenTable;
  identity_secret: IdentitySecretTable;
  human_verification_used: HumanVerificationUsedTable;
  catalogue_version: CatalogueVersionTable;
  vendor: VendorTable;
  game_classify: GameClassifyTable;
  game: GameTable;
  favourite_game: FavouriteGameTable;
  recent_game: RecentGameTable;
  game_win: GameWinTable;
  ledger_account: LedgerAccountTable;
  journal_entry: JournalEntryTable;
  journal_line: JournalLineTable;
};
