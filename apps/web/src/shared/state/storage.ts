/** Session storage keys of spec §3. */
export const SESSION_KEYS = {
  token: 'token',
  isAgent: 'isAgent',
  cpw: 'cpw',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  platform: 'platform',
  nickname: 'nickname',
  account: 'account',
  customerId: 'customerId',
  memberLabel: 'memberLabel',
  wallet: 'wallet',
  /** `closed` once a visitor has dismissed the before-login notice popups this session. */
  anonymousPopup: 'ANONYMOUS_POPUP',
  /** `closed` once a member has dismissed the after-login notice popups this session. */
  userPopup: 'USER_POPUP',
  /**
   * `due` after a first login (the login answered `firstTimeLogin`, or a registration): the
   * first-login popups (execution F) show once; `shown` once they were closed.
   */
  firstLoginPopup: 'FIRST_LOGIN_POPUP',
} as const;

/** Local storage keys: theme, language and the sportsbook's odds format survive the browser being closed. */
export const LOCAL_KEYS = { theme: 'theme', language: 'hisLang', oddsFormat: 'oddsFormat' } as const;

const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const readSession = (key: string) => safe(() => window.sessionStorage.getItem(key), null);
export const writeSession = (key: string, value: string) =>
  safe(() => window.sessionStorage.setItem(key, value), undefined);
export const removeSession = (key: string) => safe(() => window.sessionStorage.removeItem(key), undefined);
export const readLocal = (key: string) => safe(() => window.localStorage.getItem(key), null);
export const writeLocal = (key: string, value: string) =>
  safe(() => window.localStorage.setItem(key, value), undefined);
export const removeLocal = (key: string) => safe(() => window.localStorage.removeItem(key), undefined);
