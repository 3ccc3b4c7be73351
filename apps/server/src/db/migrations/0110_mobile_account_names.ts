import { type Kysely, sql } from 'kysely';

/**
 * Accounts registered by mobile number were named by the number without its trunk 0
 * ("1712345678" for 01712345678, issue 24). Bangladesh's numbers are written with it: such an
 * account name (the number's national significant digits, the member's own mobile) gets its 0
 * back, unless another account of the merchant already holds that name. Numbers of countries
 * written without a trunk prefix (India's) stay as they are.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    UPDATE member m
    SET username = '0' || m.username
    FROM merchant mc
    WHERE mc.code = m.merchant_code
      AND mc.dial_code = '+880'
      AND m.username ~ '^1[0-9]{9}$'
      AND m.mobile = mc.dial_code || m.username
      AND NOT EXISTS (
        SELECT 1 FROM member o WHERE o.merchant_code = m.merchant_code AND o.username = '0' || m.username
      )
  `.execute(db);
};

/** Data only: the names stay (the leading 0 is what members type). */
export const down = async () => {};
