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
  | 'remember.reuse'
  | 'login.challenge'
  | 'social.link'
  | 'totp.enable'
  | 'totp.disable';

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

/** IPs a member signed in from (migration 0010): a login from another one is verified (LOGINIPVERF3). */
export type MemberKnownIpTable = { member_id: number; ip: string; first_seen_at: Date; last_seen_at: Date };

/**
 * A login held back for new-IP verification: the methods offered (migration 0011) and, once the
 * member asked for one, the code (HMAC) sent by SMS or email. `attempts` is shared by every method.
 */
export type LoginChallengeTable = {
  id_hash: string;
  merchant_code: string;
  member_id: number;
  ip: string;
  /** The channel of the code sent last; null until the member asks for a code. */
  channel: 'sms' | 'email' | null;
  code_hash: string | null;
  code_sent_at: Date | null;
  /** The methods offered when the login was held: `sms`, `email`, `bank`, `totp`. */
  methods: ColumnType<string[], string | undefined, string>;
  remember: Generated<boolean>;
  method: string;
  attempts: Generated<number>;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
};

/** A member's authenticator app (TOTP, RFC 6238; migration 0011): enrolled secret, pending enrolment, last step used. */
export type MemberTotpTable = {
  member_id: number;
  secret: string | null;
  enabled_at: Date | null;
  last_step: ColumnType<string, string | number | undefined, string | number>;
  pending_secret: string | null;
  pending_expires_at: Date | null;
  updated_at: Date;
};

/** Google / Facebook accounts linked to members (OIDC `sub` per provider and merchant). */
export type MemberSocialLinkTable = {
  merchant_code: string;
  provider: 'google' | 'facebook';
  subject: string;
  member_id: number;
  email: string | null;
  created_at: Date;
};

/** An OIDC sign-in in progress (state, nonce, PKCE verifier), then its verified identity. */
export type OidcFlowTable = {
  id_hash: string;
  merchant_code: string;
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  created_at: Date;
  expires_at: Date;
  subject: string | null;
  email: string | null;
  name: string | null;
  signed_in_at: Date | null;
  used_at: Date | null;
};

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

/**
 * The enabled vendor of each wallet type (the first by code), kept by a trigger on `vendor`
 * (migration 0022): what `wallet_transfer` checks a transfer's vendor against.
 */
export type WalletTypeVendorTable = {
  account_type_id: number;
  vendor_code: string;
};

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

/** A lottery game's draw schedule (migration 0015). */
export type LotteryScheduleTable = {
  node_id: string;
  menu_tag: string;
  draw_days: string;
  first_draw_minute: number;
  last_draw_minute: number;
  interval_minutes: number | null;
  lock_seconds: number;
  utc_offset_minutes: number;
  remark: ColumnType<Localized, string | undefined, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

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
  | 'bonus'
  /** The progressive jackpot pool of a merchant and currency (migration 0007, games). */
  | 'jackpot';

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
  /** Drawn from a sequence when written (migration 0013): per account, the order of its changes. */
  seq: Generated<Int8>;
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

/* ---- games (migration 0007; apps/server/src/modules/games) ---- */

export type GamesSettingTable = {
  merchant_code: string;
  jackpot_share_bp: number;
  jackpot_seed_minor: Int8;
  jackpot_enabled: boolean;
  jackpot_odds: number | null;
  big_win_min_minor: Int8;
  updated_at: Date;
};

export type GamePlayMode = 'real' | 'demo';

export type GameSessionTable = {
  id: string;
  token_hash: string;
  merchant_code: string;
  member_id: number | null;
  node_id: string;
  vendor_code: string;
  game_type: string;
  mode: GamePlayMode;
  currency: string;
  language: string;
  demo_balance_minor: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  created_at: Date;
  expires_at: Date;
};

export type GameLaunchTokenTable = {
  token_hash: string;
  merchant_code: string;
  member_id: number | null;
  node_id: string;
  vendor_code: string;
  game_type: string;
  mode: GamePlayMode;
  language: string;
  platform: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  session_id: string | null;
};

export type GameServerSeedTable = {
  id: string;
  merchant_code: string;
  member_id: number | null;
  session_id: string | null;
  server_seed: string;
  commitment: string;
  client_seed: string;
  next_nonce: Int8;
  created_at: Date;
  revealed_at: Date | null;
};

export type GameRoundStatus = 'open' | 'settled' | 'cancelled';

type NullableInt8 = ColumnType<string | null, string | bigint | null, string | bigint | null>;
type Json<T> = ColumnType<T | null, string | null, string | null>;

export type GameRoundTable = {
  id: string;
  merchant_code: string;
  member_id: number | null;
  mode: ColumnType<GamePlayMode, GamePlayMode | undefined, GamePlayMode>;
  vendor_code: string;
  game_node_id: string | null;
  game_type: string;
  external_round_id: string | null;
  status: GameRoundStatus;
  stake_minor: ColumnType<string, string | bigint | undefined, string | bigint>;
  payout_minor: ColumnType<string, string | bigint | undefined, string | bigint>;
  balance_before_minor: NullableInt8;
  balance_after_minor: NullableInt8;
  currency: string;
  opened_at: Date;
  updated_at: Date;
  settled_at: Date | null;
  session_id: string | null;
  request_id: string | null;
  server_seed_id: string | null;
  client_seed: string | null;
  nonce: NullableInt8;
  bet: Json<Record<string, unknown>>;
  result: Json<Record<string, unknown>>;
  jackpot_contribution_minor: ColumnType<string, string | bigint | undefined, string | bigint>;
  jackpot_win_minor: ColumnType<string, string | bigint | undefined, string | bigint>;
  ledger_entry_id: string | null;
  cancel_reason: string | null;
  /** In-house: this last round of the game left free spins to play (migration 0014). */
  feature_pending: Generated<boolean>;
};

/* ---- provider (migration 0008; apps/server/src/modules/provider) ---- */

export type ProviderVendorTable = {
  merchant_code: string;
  vendor_code: string;
  secret: string;
  launch_url: string | null;
  enabled: Generated<boolean>;
  created_at: Date;
  updated_at: Date;
};

export type ProviderSessionTable = {
  token_hash: string;
  merchant_code: string;
  vendor_code: string;
  member_id: number;
  game_node_id: string;
  created_at: Date;
  expires_at: Date;
};

/** Single-use 60 s launch tokens of vendor launch URLs (migration 0014). */
export type ProviderLaunchTokenTable = {
  token_hash: string;
  merchant_code: string;
  vendor_code: string;
  member_id: number;
  game_node_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
};

export type ProviderRoundTable = {
  id: string;
  merchant_code: string;
  vendor_code: string;
  external_round_id: string;
  member_id: number;
  game_node_id: string;
  currency: string;
  status: Generated<'open' | 'settled' | 'cancelled'>;
  stake: ColumnType<string, string | undefined, string>;
  payout: ColumnType<string, string | undefined, string>;
  has_result: Generated<boolean>;
  game_round_id: string | null;
  opened_at: Date;
  last_activity_at: Date;
  closed_at: Date | null;
};

export type ProviderTxState = 'applied' | 'refused' | 'tombstone' | 'rolled_back';

export type ProviderTxTable = {
  merchant_code: string;
  vendor_code: string;
  tx_id: string;
  action: 'bet' | 'win' | 'rollback' | 'endRound';
  member_id: number;
  round_id: string;
  ref_tx_id: string | null;
  amount: ColumnType<string, string, string>;
  request_hash: string | null;
  state: ProviderTxState;
  answer: ColumnType<Record<string, unknown>, string, string>;
  entry_id: string | null;
  refund_entry_id: string | null;
  created_at: Date;
  updated_at: Date;
};

// ---- Cashier (H5, migration 0009_cashier)
export type CashierSettingTable = {
  merchant_code: string;
  withdraw_min: Int8;
  withdraw_max: Int8;
  auto_confirm_minutes: number;
  updated_at: Date;
  /** Merchant defaults of the daily cashier limits (migration 0013); NULL = no limit. */
  daily_deposit_max: NullableInt8;
  daily_withdraw_max: NullableInt8;
  daily_withdraw_count: number | null;
};

/** Per-member cashier limits set by risk (migration 0013); NULL = the merchant default. */
export type CashierMemberLimitTable = {
  member_id: number;
  daily_deposit_max: NullableInt8;
  daily_withdraw_max: NullableInt8;
  daily_withdraw_count: number | null;
  updated_at: Date;
  updated_by: string;
};

export type CashierChannelTable = {
  id: Generated<number>;
  merchant_code: string;
  code: string;
  name: string;
  kind: 'manual' | 'gateway';
  gateway: string | null;
  account_name: string;
  account_number: string;
  bank_details: string;
  qr_payload: string | null;
  instructions: string;
  min_amount: Int8;
  max_amount: Int8;
  sort: number;
  enabled: boolean;
  updated_at: Date;
};

export type CashierUploadTable = {
  id: string;
  member_id: number;
  mime: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
  sha256: string;
  created_at: Date;
};

export type CashierDepositTable = {
  id: string;
  merchant_code: string;
  member_id: number;
  channel_id: number;
  amount: Int8;
  currency: string;
  reference: string;
  receipt_id: string | null;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  client_key: string;
  request_hash: string;
  gateway: string | null;
  gateway_ref: string | null;
  entry_id: string | null;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
};

export type CashierMemberTable = {
  member_id: number;
  pay_password_hash: string | null;
  pay_password_set_at: Date | null;
  pay_failures: Generated<number>;
  pay_locked_until: Date | null;
  payee_name: string | null;
  payout_channel: string | null;
  payout_number: string | null;
  payout_updated_at: Date | null;
};

export type CashierWithdrawalTable = {
  id: string;
  merchant_code: string;
  member_id: number;
  amount: Int8;
  currency: string;
  payee_name: string;
  channel: string;
  number: string;
  status: 'in_process' | 'approved' | 'issued' | 'rejected';
  confirmation:
    | 'distributed'
    | 'received'
    | 'not_received'
    | 'all_received'
    | 'auto_received'
    | 'forced'
    | null;
  reason: string | null;
  proof_id: string | null;
  client_key: string;
  request_hash: string;
  hold_entry_id: string;
  settle_entry_id: string | null;
  refund_entry_id: string | null;
  created_at: Date;
  updated_at: Date;
  distributed_at: Date | null;
};

export type CashierWithdrawalEventTable = {
  id: Generated<number>;
  withdrawal_id: string;
  at: Date;
  status: string;
  confirmation: string | null;
  note: string | null;
  actor: 'member' | 'finance' | 'system';
};

export type CashierGatewayEventTable = {
  gateway: string;
  event_id: string;
  deposit_id: string;
  outcome: string;
  received_at: Date;
};
// ---- end of cashier (H5)

// ---- Inbox (issue 4 gaps, migration 0012_inbox): platform messages and feedback
export type MemberMessageTable = {
  id: Generated<number>;
  merchant_code: string;
  /** null: every member of the merchant registered when it was sent. */
  member_id: number | null;
  title: string;
  /** Sanitised HTML. */
  body: string;
  staff_id: number | null;
  feedback_id: number | null;
  created_at: Date;
};

export type MemberMessageReadTable = { message_id: number; member_id: number; read_at: Date };

export type FeedbackTable = {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  question_type: string;
  content: string;
  status: Generated<'open' | 'replied'>;
  image_count: Generated<number>;
  created_at: Date;
  replied_at: Date | null;
  replied_by: number | null;
  reply_message_id: number | null;
};

export type FeedbackImageTable = {
  feedback_id: number;
  seq: number;
  mime: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
  sha256: string;
};
// ---- end of inbox

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
  member_known_ip: MemberKnownIpTable;
  login_challenge: LoginChallengeTable;
  member_totp: MemberTotpTable;
  member_social_link: MemberSocialLinkTable;
  oidc_flow: OidcFlowTable;
  catalogue_version: CatalogueVersionTable;
  vendor: VendorTable;
  wallet_type_vendor: WalletTypeVendorTable;
  game_classify: GameClassifyTable;
  game: GameTable;
  favourite_game: FavouriteGameTable;
  recent_game: RecentGameTable;
  lottery_schedule: LotteryScheduleTable;
  game_win: GameWinTable;
  ledger_account: LedgerAccountTable;
  journal_entry: JournalEntryTable;
  journal_line: JournalLineTable;
  games_setting: GamesSettingTable;
  game_session: GameSessionTable;
  game_launch_token: GameLaunchTokenTable;
  game_server_seed: GameServerSeedTable;
  game_round: GameRoundTable;
  provider_vendor: ProviderVendorTable;
  provider_session: ProviderSessionTable;
  provider_launch_token: ProviderLaunchTokenTable;
  provider_round: ProviderRoundTable;
  provider_tx: ProviderTxTable;
  // Cashier (H5)
  cashier_setting: CashierSettingTable;
  cashier_channel: CashierChannelTable;
  cashier_upload: CashierUploadTable;
  cashier_deposit: CashierDepositTable;
  cashier_member: CashierMemberTable;
  cashier_member_limit: CashierMemberLimitTable;
  cashier_withdrawal: CashierWithdrawalTable;
  cashier_withdrawal_event: CashierWithdrawalEventTable;
  cashier_gateway_event: CashierGatewayEventTable;
  // Inbox (migration 0012)
  member_message: MemberMessageTable;
  member_message_read: MemberMessageReadTable;
  feedback: FeedbackTable;
  feedback_image: FeedbackImageTable;
};
