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
} as const;

export type EndpointName = keyof typeof endpoints;
