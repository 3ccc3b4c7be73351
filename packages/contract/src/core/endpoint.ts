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
  /**
   * Player protection (docs/decisions/030): a money or play call names what the protection door
   * checks before it (`signIn`, `deposit`, `play`, `stake`, `transfer`), or `exempt` for a money
   * call that stays open to excluded members (withdrawals). The matrix test refuses an unmarked
   * money or play route.
   */
  protection?: 'signIn' | 'deposit' | 'play' | 'stake' | 'transfer' | 'exempt';
};

/** Keeps an endpoint's literal types (the table's entries are written with it). */
export const endpoint = <E extends Endpoint>(e: E) => e;
