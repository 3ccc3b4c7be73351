import type { ModId } from './flags';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where and how a call is made. Free of zod so the browser bundle stays small. */
export type Endpoint = {
  method: HttpMethod | readonly HttpMethod[];
  path: string;
  /** Whitelabel module that must be on, else `function.not.available`. */
  modId: ModId | null;
  /**
   * Needs a session token (401 `login.not.session` without a valid one). `'optional'`: answers
   * without a token too, but a token that is sent must be valid.
   */
  auth: boolean | 'optional';
  /** Trial accounts (type 4) are refused with 403 `in_need_true_account`. */
  realAccountOnly?: boolean;
  /**
   * Open while the member must still change the password (operator-set password, or expired
   * with PWDEXPFORCECHANGE3); every other member call answers 403 `password.change.required`.
   */
  beforePasswordChange?: boolean;
  /**
   * Also accepts the body sealed as `{ "jwe": "<compact JWE>" }` (RSA-OAEP-256 + A256GCM) to the
   * key of `encryptionKey`; the plain JSON body stays accepted.
   */
  encrypted?: boolean;
  /** false: the answer is the bare value (the `/lgw` lottery maps). */
  envelope?: boolean;
  /**
   * Back-office call (`/bo/api/...`): needs a staff session (`Authorization: <staff token>`),
   * never a member one; the role's permission is checked by the service. `auth` stays false.
   */
  staff?: boolean;
};

const endpoint = <E extends Endpoint>(e: E) => e;

/** Every call's path, verb and gate, by name. The zod schemas in the other files extend these. */
export const endpoints = {
  demoInbox: endpoint({ method: 'GET', path: '/wps/demo/inbox', modId: null, auth: false }),
  systemStatus: endpoint({ method: 'GET', path: '/wps/system/status', modId: 'COMM3', auth: false }),
  whitelabel: endpoint({ method: 'GET', path: '/wps/system/whitelabel', modId: 'COMM3', auth: false }),
  registerSettings: endpoint({
    method: 'GET',
    path: '/wps/system/setting/register',
    modId: 'REG3',
    auth: false,
  }),
  domainRoute: endpoint({ method: 'GET', path: '/wps/system/domainRoute', modId: 'COMM3', auth: false }),
  helpCenter: endpoint({ method: 'GET', path: '/wps/system/helpCenter', modId: 'COMM3', auth: false }),
  announcements: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    modId: 'COMM3',
    auth: false,
  }),
  encryptionKey: endpoint({ method: 'GET', path: '/wps/system/encryptionKey', modId: 'COMM3', auth: false }),
  login: endpoint({
    method: 'POST',
    path: '/wps/session/login',
    modId: 'COMM3',
    auth: false,
    encrypted: true,
  }),
  /** DELETE in the desktop build, POST in another (API-FACTS §2.1): both are accepted. */
  logout: endpoint({
    method: ['POST', 'DELETE'],
    path: '/wps/session/logout',
    modId: 'COMM3',
    auth: true,
    beforePasswordChange: true,
  }),
  register: endpoint({
    method: 'PUT',
    path: '/wps/member/register',
    modId: 'USERNAMEREG3',
    auth: false,
    encrypted: true,
  }),
  registerMobile: endpoint({
    method: 'PUT',
    path: '/wps/member/register/mobile',
    modId: 'MOBILENUMREG3',
    auth: false,
    encrypted: true,
  }),
  memberInfo: endpoint({
    method: 'GET',
    path: '/wps/member/info',
    modId: 'COMM3',
    auth: 'optional',
    beforePasswordChange: true,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/wps/member/password',
    modId: 'PASS3',
    auth: true,
    realAccountOnly: true,
    beforePasswordChange: true,
    encrypted: true,
  }),
  /** Exchanges a remember-me token for a new session (and a rotated token). */
  rememberLogin: endpoint({
    method: 'POST',
    path: '/wps/session/remember',
    modId: 'COMM3',
    auth: false,
    encrypted: true,
  }),
  smsCodeNoLogin: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    modId: 'VERIFICATION3',
    auth: false,
  }),
  /** Open when REGMOBVERF3 (username registration) or MOBILENUMREG3 (mobile registration) is on. */
  smsCodeRegister: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/register',
    modId: 'REG3',
    auth: false,
  }),
  /** Form-encoded (`application/x-www-form-urlencoded`) body, as on the platform. */
  forgotPasswordEmail: endpoint({
    method: 'POST',
    path: '/wps/member/password/email',
    modId: 'COMM3',
    auth: false,
  }),
  resetPasswordBySms: endpoint({
    method: 'POST',
    path: '/wps/member/password/verification',
    modId: 'CHNGPASSVERIF3',
    auth: false,
    encrypted: true,
  }),
  /** Always open: the login throttle asks for it from the 5th failure whatever the brand flags. */
  captcha: endpoint({ method: 'GET', path: '/wps/captcha', modId: 'COMM3', auth: false }),
  humanChallenge: endpoint({ method: 'GET', path: '/wps/captcha/challenge', modId: 'COMM3', auth: false }),
  affiliateCheck: endpoint({ method: 'GET', path: '/wps/agent/affiliate', modId: 'AFFMAN3', auth: false }),
  // ---- identity extensions (H8, ADR 013): new-IP verification, free play, Google/Facebook sign-in
  /** Second step of a login held for a new IP (403 `login.verification.required`). */
  loginVerification: endpoint({
    method: 'POST',
    path: '/wps/session/login/verification',
    modId: 'LOGINIPVERF3',
    auth: false,
    encrypted: true,
  }),
  /** A trial account (type 4) with play money, signed in. */
  freePlay: endpoint({
    method: 'POST',
    path: '/wps/session/login/freeplay',
    modId: 'FREEPLAY3',
    auth: false,
  }),
  /** The OIDC providers (Google, Facebook) this server is configured for. */
  socialProviders: endpoint({
    method: 'GET',
    path: '/wps/session/social/providers',
    modId: 'COMM3',
    auth: false,
  }),
  /** Starts an OIDC sign-in: sets the flow cookie and answers the provider's authorization URL. */
  socialStart: endpoint({ method: 'POST', path: '/wps/session/social/start', modId: 'COMM3', auth: false }),
  /** After the provider sent the browser back: signs in, or creates / links the member. */
  socialFinish: endpoint({
    method: 'POST',
    path: '/wps/session/social/finish',
    modId: 'COMM3',
    auth: false,
    encrypted: true,
  }),
  /** New-IP verification: sends the SMS or email code of the method the member picked. */
  loginVerificationSend: endpoint({
    method: 'POST',
    path: '/wps/session/login/verification/send',
    modId: 'LOGINIPVERF3',
    auth: false,
  }),
  // ---- end of identity extensions (H8)
  // ---- identity, fourth part (issue 3 gaps): authenticator app, agent home, per-merchant OIDC
  /** The member's authenticator app (TOTP): enrolled or not. */
  memberTotp: endpoint({
    method: 'GET',
    path: '/wps/member/totp',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Starts an enrolment: a new secret (QR code and text), confirmed with a code within 10 minutes. */
  memberTotpStart: endpoint({
    method: 'POST',
    path: '/wps/member/totp/start',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  memberTotpConfirm: endpoint({
    method: 'POST',
    path: '/wps/member/totp/confirm',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Turns the authenticator off: the login password and a current code. */
  memberTotpDisable: endpoint({
    method: 'POST',
    path: '/wps/member/totp/disable',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
    encrypted: true,
  }),
  /** The agent site (`/agentHome`): the signed-in agent and the downline, 15 a page. */
  agentHome: endpoint({ method: 'GET', path: '/wps/agent/home', modId: 'COMM3', auth: true }),
  /** Google/Facebook sign-in settings of a merchant (the client secret is never answered). */
  boSocialSettings: endpoint({
    method: 'GET',
    path: '/bo/api/settings/social',
    modId: null,
    auth: false,
    staff: true,
  }),
  boSocialSettingsUpdate: endpoint({
    method: 'PUT',
    path: '/bo/api/settings/social',
    modId: null,
    auth: false,
    staff: true,
  }),
  // ---- end of identity, fourth part
  // Game catalogue (API-FACTS §2.4). Browsing is open to visitors; a token that is sent must be valid.
  gameVendors: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    modId: 'COMM3',
    auth: 'optional',
  }),
  vassGameType: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_getVassGameType',
    modId: 'COMM3',
    auth: true,
  }),
  gameList: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    modId: 'GAMELO3',
    auth: 'optional',
  }),
  /** GET in the desktop build, POST (same parameters in the body) in another (API-FACTS §2.4): both are served. */
  hotGames: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    modId: 'GAMELOHOT3',
    auth: false,
  }),
  hotGamesPost: endpoint({
    method: 'POST',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    modId: 'GAMELOHOT3',
    auth: false,
  }),
  favouriteIds: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGames',
    modId: 'GAMELOFAV3',
    auth: true,
    realAccountOnly: true,
  }),
  favouriteList: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    modId: 'GAMELOFAV3',
    auth: true,
    realAccountOnly: true,
  }),
  addFavourite: endpoint({
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGameV2',
    modId: 'GAMELOFAV3',
    auth: true,
    realAccountOnly: true,
  }),
  removeFavourite: endpoint({
    method: 'DELETE',
    path: '/wps/relay/MCSFE_removeFavoriteGameV2',
    modId: 'GAMELOFAV3',
    auth: true,
    realAccountOnly: true,
  }),
  recentGames: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
    modId: 'GAMELOREC3',
    auth: true,
    realAccountOnly: true,
  }),
  winnerBoard: endpoint({
    method: 'GET',
    path: '/wps/relay/ODSFE2_getWinnerBoard',
    modId: 'COMM3',
    auth: false,
  }),
  // Wallet (API-FACTS §2.3). Amounts: minor units in, decimal plus minor strings out (wallet.ts).
  walletBalance: endpoint({ method: 'GET', path: '/wps/v2/wallets/balance', modId: 'COMM3', auth: true }),
  merchantWallet: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    modId: 'COMM3',
    auth: true,
  }),
  /** Needs the `Idempotency-Key` header; trial accounts are refused. */
  walletTransfer: endpoint({
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    modId: 'FUNDTRANS3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Account record (transactionHistory): the member's wallet movements, paged 15. */
  memberTransactions: endpoint({
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemTransDet',
    modId: 'MEMTRANS3',
    auth: true,
  }),
  // Operator back office (backoffice.ts): staff sessions, not member ones.
  boLogin: endpoint({ method: 'POST', path: '/bo/api/session/login', modId: null, auth: false }),
  boTotpEnrol: endpoint({ method: 'POST', path: '/bo/api/session/totp/enrol', modId: null, auth: false }),
  boLogout: endpoint({
    method: 'POST',
    path: '/bo/api/session/logout',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMe: endpoint({ method: 'GET', path: '/bo/api/session/me', modId: null, auth: false, staff: true }),
  boSettings: endpoint({ method: 'GET', path: '/bo/api/settings', modId: null, auth: false, staff: true }),
  boSettingsUpdate: endpoint({
    method: 'PUT',
    path: '/bo/api/settings',
    modId: null,
    auth: false,
    staff: true,
  }),
  boFlag: endpoint({ method: 'PUT', path: '/bo/api/settings/flag', modId: null, auth: false, staff: true }),
  boMembers: endpoint({ method: 'GET', path: '/bo/api/members', modId: null, auth: false, staff: true }),
  boMembersCsv: endpoint({
    method: 'GET',
    path: '/bo/api/members.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boMember: endpoint({
    method: 'GET',
    path: '/bo/api/members/detail',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberLock: endpoint({
    method: 'POST',
    path: '/bo/api/members/lock',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberUnlock: endpoint({
    method: 'POST',
    path: '/bo/api/members/unlock',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberRevoke: endpoint({
    method: 'POST',
    path: '/bo/api/members/sessions/revoke',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberPasswordReset: endpoint({
    method: 'POST',
    path: '/bo/api/members/password/reset',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberType: endpoint({
    method: 'POST',
    path: '/bo/api/members/type',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberNote: endpoint({
    method: 'POST',
    path: '/bo/api/members/notes',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** multipart/form-data, one `file` part: PNG, JPEG or WebP up to 5 MB (checked by magic bytes). */
  boMediaUpload: endpoint({ method: 'POST', path: '/bo/api/media', modId: null, auth: false, staff: true }),
  boAnnouncements: endpoint({
    method: 'GET',
    path: '/bo/api/announcements',
    modId: null,
    auth: false,
    staff: true,
  }),
  boAnnouncementsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/announcements.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boAnnouncementSave: endpoint({
    method: 'PUT',
    path: '/bo/api/announcements',
    modId: null,
    auth: false,
    staff: true,
  }),
  boHelpSave: endpoint({ method: 'PUT', path: '/bo/api/help', modId: null, auth: false, staff: true }),
  boStaff: endpoint({ method: 'GET', path: '/bo/api/staff', modId: null, auth: false, staff: true }),
  boStaffCreate: endpoint({ method: 'POST', path: '/bo/api/staff', modId: null, auth: false, staff: true }),
  boStaffStatus: endpoint({
    method: 'POST',
    path: '/bo/api/staff/status',
    modId: null,
    auth: false,
    staff: true,
  }),
  boDashboard: endpoint({ method: 'GET', path: '/bo/api/dashboard', modId: null, auth: false, staff: true }),
  boAudit: endpoint({ method: 'GET', path: '/bo/api/audit', modId: null, auth: false, staff: true }),
  boAuditCsv: endpoint({
    method: 'GET',
    path: '/bo/api/audit.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  // ---- Back office additions (H7, backoffice.ts): self-service, staff roles, TOTP reset, help list.
  boPasswordChange: endpoint({
    method: 'POST',
    path: '/bo/api/session/password',
    modId: null,
    auth: false,
    staff: true,
  }),
  boStaffRole: endpoint({ method: 'PUT', path: '/bo/api/staff/role', modId: null, auth: false, staff: true }),
  boStaffTotpReset: endpoint({
    method: 'POST',
    path: '/bo/api/staff/totp/reset',
    modId: null,
    auth: false,
    staff: true,
  }),
  boHelpList: endpoint({ method: 'GET', path: '/bo/api/help', modId: null, auth: false, staff: true }),
  // ---- Cashier (H5, cashier.ts): deposits, withdrawals, payment password, transfer to upline.
  // Player calls: trial accounts (type 4) are refused on money calls (realAccountOnly).
  depositChannels: endpoint({ method: 'GET', path: '/wps/cashier/channels', modId: 'COMM3', auth: true }),
  /** multipart/form-data, one `file` part: PNG or JPEG up to 5 MB (magic bytes checked). */
  cashierUpload: endpoint({
    method: 'POST',
    path: '/wps/cashier/uploads',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Needs the `Idempotency-Key` header. */
  depositCreate: endpoint({
    method: 'POST',
    path: '/wps/cashier/deposits',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  depositList: endpoint({ method: 'GET', path: '/wps/cashier/deposits', modId: 'COMM3', auth: true }),
  withdrawInfo: endpoint({ method: 'GET', path: '/wps/cashier/withdraw/info', modId: 'COMM3', auth: true }),
  paymentPassword: endpoint({
    method: 'POST',
    path: '/wps/cashier/payment-password',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  payoutAccountBind: endpoint({
    method: 'POST',
    path: '/wps/cashier/payout-account',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  /** Needs the `Idempotency-Key` header. */
  withdrawCreate: endpoint({
    method: 'POST',
    path: '/wps/cashier/withdrawals',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  withdrawList: endpoint({ method: 'GET', path: '/wps/cashier/withdrawals', modId: 'COMM3', auth: true }),
  withdrawDetail: endpoint({
    method: 'GET',
    path: '/wps/cashier/withdrawals/detail',
    modId: 'COMM3',
    auth: true,
  }),
  withdrawConfirm: endpoint({
    method: 'POST',
    path: '/wps/cashier/withdrawals/confirm',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  withdrawConfirmAll: endpoint({
    method: 'POST',
    path: '/wps/cashier/withdrawals/confirm-all',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  uplineInfo: endpoint({ method: 'GET', path: '/wps/cashier/upline', modId: 'COMM3', auth: true }),
  /** Needs the `Idempotency-Key` header. */
  transferUpline: endpoint({
    method: 'POST',
    path: '/wps/cashier/transfer-upline',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
  }),
  personalProfit: endpoint({ method: 'GET', path: '/wps/cashier/profit', modId: 'MEMTRANS3', auth: true }),
  /** Payment-gateway notifications: no session, an HMAC signature instead (`X-Signature`). */
  gatewayWebhook: endpoint({
    method: 'POST',
    path: '/wps/cashier/gateway/webhook',
    modId: null,
    auth: false,
  }),
  // Back office, finance (staff sessions).
  boDeposits: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/deposits',
    modId: null,
    auth: false,
    staff: true,
  }),
  boDepositsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/deposits.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boDepositApprove: endpoint({
    method: 'POST',
    path: '/bo/api/cashier/deposits/approve',
    modId: null,
    auth: false,
    staff: true,
  }),
  boDepositReject: endpoint({
    method: 'POST',
    path: '/bo/api/cashier/deposits/reject',
    modId: null,
    auth: false,
    staff: true,
  }),
  boWithdrawals: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/withdrawals',
    modId: null,
    auth: false,
    staff: true,
  }),
  boWithdrawalsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/withdrawals.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boWithdrawalAction: endpoint({
    method: 'POST',
    path: '/bo/api/cashier/withdrawals/action',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** The image bytes (image/png or image/jpeg), not an envelope. */
  boUpload: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/upload',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boChannels: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/channels',
    modId: null,
    auth: false,
    staff: true,
  }),
  boChannelSave: endpoint({
    method: 'PUT',
    path: '/bo/api/cashier/channels',
    modId: null,
    auth: false,
    staff: true,
  }),
  boChannelDelete: endpoint({
    method: 'DELETE',
    path: '/bo/api/cashier/channels',
    modId: null,
    auth: false,
    staff: true,
  }),
  boCashierSettings: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/settings',
    modId: null,
    auth: false,
    staff: true,
  }),
  boCashierSettingsSave: endpoint({
    method: 'PUT',
    path: '/bo/api/cashier/settings',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** Needs the `Idempotency-Key` header. */
  boAdjust: endpoint({
    method: 'POST',
    path: '/bo/api/cashier/adjust',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberLedger: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/ledger',
    modId: null,
    auth: false,
    staff: true,
  }),
  // Risk: daily cashier limits per member and merchant defaults (permission limits.write).
  boMemberLimits: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/limits',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberLimitsSave: endpoint({
    method: 'PUT',
    path: '/bo/api/cashier/limits',
    modId: null,
    auth: false,
    staff: true,
  }),
  boLimitDefaults: endpoint({
    method: 'GET',
    path: '/bo/api/cashier/limit-defaults',
    modId: null,
    auth: false,
    staff: true,
  }),
  boLimitDefaultsSave: endpoint({
    method: 'PUT',
    path: '/bo/api/cashier/limit-defaults',
    modId: null,
    auth: false,
    staff: true,
  }),
  // ---- end of cashier (H5)
  // ---- Games (H2, games.ts, docs/decisions/009-games-launch-rounds-jackpot.md): launch, in-house slot, records, jackpot.
  /** accountType 1 (real, needs a session) or 0 (free play; visitors too where the vendor allows demo). */
  launchGame: endpoint({ method: 'GET', path: '/wps/game/launchGame', modId: 'GAMELO3', auth: 'optional' }),
  /** Sports-vendor launch (API-FACTS §2.4): the same answer as launchGame, for the sportsbook. */
  gameLaunchFB: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_gameLaunchFB',
    modId: 'GAMELO3',
    auth: 'optional',
  }),
  /** The game page exchanges its single-use launch token for a game session (once). */
  gameSession: endpoint({ method: 'POST', path: '/wps/game/session', modId: null, auth: false }),
  /** In-house slot calls: `X-Game-Session: <game session token>`, no member token. */
  slotInit: endpoint({ method: 'GET', path: '/wps/game/slot/init', modId: null, auth: false }),
  slotSpin: endpoint({ method: 'POST', path: '/wps/game/slot/spin', modId: null, auth: false }),
  slotClientSeed: endpoint({ method: 'POST', path: '/wps/game/slot/seed/client', modId: null, auth: false }),
  slotRotateSeed: endpoint({ method: 'POST', path: '/wps/game/slot/seed/rotate', modId: null, auth: false }),
  slotHistory: endpoint({ method: 'GET', path: '/wps/game/slot/history', modId: null, auth: false }),
  /** Public: what the verify page needs to recompute a round (the server seed once revealed). */
  roundProof: endpoint({ method: 'GET', path: '/wps/game/round/proof', modId: null, auth: false }),
  /** Public: the real progressive jackpot pool of the merchant (the /rng counter). */
  jackpotPool: endpoint({ method: 'GET', path: '/wps/relay/VIS_getJackpot', modId: 'COMM3', auth: false }),
  /** Betting record (personalHistoryCopy): the member's rounds, 15 a page. */
  betRecords: endpoint({ method: 'GET', path: '/wps/relay/MCSFE_getBetRecords', modId: 'COMM3', auth: true }),
  betRecordDetail: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getBetRecordDetail',
    modId: 'COMM3',
    auth: true,
  }),
  boGameRounds: endpoint({
    method: 'GET',
    path: '/bo/api/games/rounds',
    modId: null,
    auth: false,
    staff: true,
  }),
  boGameRoundsCsv: endpoint({
    method: 'GET',
    path: '/bo/api/games/rounds.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boGameRound: endpoint({
    method: 'GET',
    path: '/bo/api/games/rounds/detail',
    modId: null,
    auth: false,
    staff: true,
  }),
  boGameVendors: endpoint({
    method: 'GET',
    path: '/bo/api/games/vendors',
    modId: null,
    auth: false,
    staff: true,
  }),
  boGameVendorStatus: endpoint({
    method: 'POST',
    path: '/bo/api/games/vendors/status',
    modId: null,
    auth: false,
    staff: true,
  }),
  boJackpot: endpoint({
    method: 'GET',
    path: '/bo/api/games/jackpot',
    modId: null,
    auth: false,
    staff: true,
  }),
  boJackpotUpdate: endpoint({
    method: 'PUT',
    path: '/bo/api/games/jackpot',
    modId: null,
    auth: false,
    staff: true,
  }),
  // ---- end of games (H2)
  // ---- Inbox and back-office additions (issue 4 gaps: inbox.ts, backoffice.ts)
  unreadCount: endpoint({ method: 'GET', path: '/wps/relay/CSP_unreadCount', modId: 'INBOX3', auth: true }),
  memberMessages: endpoint({ method: 'GET', path: '/wps/inbox/messages', modId: 'INBOX3', auth: true }),
  memberMessagesRead: endpoint({
    method: 'POST',
    path: '/wps/inbox/messages/read',
    modId: 'INBOX3',
    auth: true,
  }),
  /** multipart/form-data: `questionType`, `content`, up to 3 `image` files. */
  feedbackSubmit: endpoint({ method: 'PUT', path: '/wps/feedback', modId: 'FEEDBACK3', auth: true }),
  feedbackList: endpoint({ method: 'GET', path: '/wps/feedback', modId: 'FEEDBACK3', auth: true }),
  boStaffCsv: endpoint({
    method: 'GET',
    path: '/bo/api/staff.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boStaffSessions: endpoint({
    method: 'GET',
    path: '/bo/api/staff/sessions',
    modId: null,
    auth: false,
    staff: true,
  }),
  boStaffSessionsRevoke: endpoint({
    method: 'POST',
    path: '/bo/api/staff/sessions/revoke',
    modId: null,
    auth: false,
    staff: true,
  }),
  boHelpCsv: endpoint({
    method: 'GET',
    path: '/bo/api/help.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boMemberSessions: endpoint({
    method: 'GET',
    path: '/bo/api/members/sessions',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberLogins: endpoint({
    method: 'GET',
    path: '/bo/api/members/logins',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMemberTrail: endpoint({
    method: 'GET',
    path: '/bo/api/members/trail',
    modId: null,
    auth: false,
    staff: true,
  }),
  boMessages: endpoint({ method: 'GET', path: '/bo/api/messages', modId: null, auth: false, staff: true }),
  boMessagesCsv: endpoint({
    method: 'GET',
    path: '/bo/api/messages.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boMessageSend: endpoint({
    method: 'POST',
    path: '/bo/api/messages',
    modId: null,
    auth: false,
    staff: true,
  }),
  boFeedback: endpoint({ method: 'GET', path: '/bo/api/feedback', modId: null, auth: false, staff: true }),
  boFeedbackCsv: endpoint({
    method: 'GET',
    path: '/bo/api/feedback.csv',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boFeedbackDetail: endpoint({
    method: 'GET',
    path: '/bo/api/feedback/detail',
    modId: null,
    auth: false,
    staff: true,
  }),
  /** The image bytes (image/png or image/jpeg), not an envelope. */
  boFeedbackImage: endpoint({
    method: 'GET',
    path: '/bo/api/feedback/image',
    modId: null,
    auth: false,
    staff: true,
    envelope: false,
  }),
  boFeedbackReply: endpoint({
    method: 'POST',
    path: '/bo/api/feedback/reply',
    modId: null,
    auth: false,
    staff: true,
  }),
  // ---- end of inbox and back-office additions
  // Lottery menus (API-FACTS §2.6): bare keyed maps, no envelope.
  lotteryVnMenu: endpoint({
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    modId: 'COMM3',
    auth: 'optional',
    envelope: false,
  }),
  lotteryRecent: endpoint({
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
    envelope: false,
  }),
  lotteryOpened: endpoint({
    method: 'POST',
    path: '/lgw/vn/games/game_menu/recent',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
    envelope: false,
  }),
  lotteryMenus: endpoint({
    method: 'GET',
    path: '/lgw/games/game_menus',
    modId: 'COMM3',
    auth: 'optional',
    envelope: false,
  }),
  lotteryPopular: endpoint({
    method: 'GET',
    path: '/lgw/games/popular',
    modId: 'AGEANNOUNCE3',
    auth: 'optional',
    envelope: false,
  }),
} as const;

export type EndpointName = keyof typeof endpoints;
