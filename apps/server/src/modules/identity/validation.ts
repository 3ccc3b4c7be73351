import type { FieldError, FieldErrors, RegisterBody, RegisterRule, RegisterRules } from '@khela/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The rule's pattern as a RegExp: `'*'` means anything (API-FACTS §3.2); a broken pattern matches nothing. */
export const ruleRegex = (acceptedPattern: string): RegExp | null => {
  if (acceptedPattern === '*') return /.*/;
  try {
    return new RegExp(acceptedPattern);
  } catch {
    return null;
  }
};

/** Does a non-empty value satisfy the rule (pattern and length)? */
export const matchesRule = (rule: RegisterRule, value: string) => {
  const regex = ruleRegex(rule.acceptedPattern);
  return regex?.test(value) === true && value.length >= rule.minLength && value.length <= rule.maxLength;
};

const ruleError = (rule: RegisterRule, key = `reg_pattern_${rule.patternId}`): FieldError => ({
  key,
  min: rule.minLength,
  max: rule.maxLength,
});

/**
 * Checks one optional field by its rule: a disabled field is ignored (null), an empty one is
 * refused only when required, a filled one must match. Returns the kept value or the error.
 */
export const checkField = (
  rule: RegisterRule | undefined,
  value: string,
  key?: string,
): { value: string | null } | { error: FieldError } => {
  if (!rule?.enabled) return { value: null };
  if (value === '') return rule.required ? { error: ruleError(rule, key) } : { value: null };
  return matchesRule(rule, value) ? { value } : { error: ruleError(rule, key) };
};

export type Mobile = { e164: string; national: string };

/**
 * A mobile number as typed (`01712345678`, `1712345678` or `+8801712345678`) with the dialling
 * code picked beside it (`+880`), checked with libphonenumber's full metadata: it must be a
 * valid mobile (or fixed-or-mobile) number of that country.
 */
export const parseMobile = (raw: string, dialCode: string): Mobile | null => {
  const cleaned = raw.replace(/[\s().-]/g, '');
  if (!/^\+?[0-9]{4,20}$/.test(cleaned)) return null;
  const callingCode = dialCode.replace(/^\+/, '');
  const parsed = cleaned.startsWith('+')
    ? parsePhoneNumberFromString(cleaned)
    : parsePhoneNumberFromString(cleaned, { defaultCallingCode: callingCode });
  if (!parsed?.isValid()) return null;
  const kind = parsed.getType();
  if (kind !== undefined && kind !== 'MOBILE' && kind !== 'FIXED_LINE_OR_MOBILE') return null;
  return {
    e164: parsed.number,
    national: nationalAsTyped(cleaned, parsed.nationalNumber, parsed.formatNational()),
  };
};

/**
 * The national form of a number as the member knows it (the account name of a mobile
 * registration): the digits as typed when they were typed nationally ("01712345678", the trunk
 * 0 kept; "9812345678"), else the country's national format ("+8801712345678" → "01712345678").
 */
export const nationalAsTyped = (cleaned: string, significant: string, formattedNational: string) => {
  const lead = cleaned.slice(0, cleaned.length - significant.length);
  if (!cleaned.startsWith('+') && cleaned.endsWith(significant) && /^0*$/.test(lead)) return cleaned;
  return formattedNational.replace(/[^0-9]/g, '');
};

/** Masks all but the calling code and the last four digits: `+880******5678`. */
export const maskMobile = (e164: string) => {
  const parsed = parsePhoneNumberFromString(e164);
  const prefix = parsed ? `+${parsed.countryCallingCode}` : e164.slice(0, 4);
  const rest = e164.slice(prefix.length);
  return `${prefix}${'*'.repeat(Math.max(0, rest.length - 4))}${rest.slice(-4)}`;
};

export type RegisterMode = 'username' | 'mobile';

/** A registration that passed every rule, ready to store (passwords still in clear). */
export type Registration = {
  username: string;
  password: string | null;
  mobile: string | null;
  email: string | null;
  payeeName: string | null;
  qq: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  idNumber: string | null;
  recommenderId: string | null;
  affiliateCode: string | null;
  referralCode: string | null;
  paymentPassword: string | null;
  domain: string | null;
};

/** Optional fields checked by their own rule; body name -> rule key. */
const OPTIONAL_FIELDS = {
  payeeName: 'payeeName',
  email: 'email',
  qqNum: 'qqNum',
  line: 'line',
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  wechat: 'wechat',
  idNumber: 'idNumber',
  recommenderId: 'recommenderId',
  affiliateCode: 'affiliateCode',
} as const;

export type ValidateOptions = {
  mode: RegisterMode;
  rules: RegisterRules;
  /** The merchant's dialling code, used when the body names none. */
  dialCode: string;
  /** MOBILENUMPASSREG3: mobile registration asks for a password. */
  passwordInMobileMode: boolean;
};

/**
 * Every registration rule of spec §5 on the server: per-field rules from the merchant's
 * register settings, password confirmation, mobile number, terms and age. All fields are
 * checked; the answer carries the first refusal of each.
 */
export const validateRegistration = (
  body: RegisterBody,
  { mode, rules, dialCode, passwordInMobileMode }: ValidateOptions,
): { ok: true; registration: Registration } | { ok: false; fields: FieldErrors } => {
  const fields: FieldErrors = {};
  const str = (v: string | null | undefined) => (v ?? '').trim();
  const refuse = (field: string, error: FieldError) => {
    fields[field] ??= error;
  };

  // Mobile number: required in mobile mode, else only when its rule says so.
  let mobile: Mobile | null = null;
  const mobileRaw = str(body.mobileNum).replace(/[\s().-]/g, '');
  const mobileRule = rules.mobileNum;
  if (mode === 'mobile' || mobileRule?.enabled) {
    const forced =
      mode === 'mobile'
        ? { ...(mobileRule ?? defaultMobileRule), enabled: true, required: true }
        : mobileRule;
    const checked = checkField(forced, mobileRaw);
    if ('error' in checked) refuse('mobileNum', checked.error);
    else if (checked.value !== null) {
      mobile = parseMobile(checked.value, str(body.countryDialingCode) || dialCode);
      if (!mobile) refuse('mobileNum', { key: 'invalid_mobile_number' });
    }
  }

  // Username: the typed one (always required) or, in mobile mode, the national number.
  let username = '';
  if (mode === 'username') {
    username = str(body.username);
    const rule = rules.username;
    const checked = rule
      ? checkField({ ...rule, enabled: true, required: true }, username)
      : { value: username };
    if ('error' in checked) refuse('username', checked.error);
    else if (!username) refuse('username', { key: 'reg_pattern_0', min: 1, max: 64 });
  } else if (mobile) {
    username = mobile.national;
  }

  // Password and its confirmation.
  let password: string | null = null;
  if (mode === 'username' || passwordInMobileMode) {
    password = str(body.password);
    const rule = rules.password;
    const checked = rule
      ? checkField({ ...rule, enabled: true, required: true }, password, 'error_password')
      : password
        ? { value: password }
        : { error: { key: 'error_password' } };
    if ('error' in checked) refuse('password', checked.error);
    if (str(body.confirmPassword) !== password) refuse('confirmPassword', { key: 'inconsistent_twice' });
  }

  const optional = {} as Record<keyof typeof OPTIONAL_FIELDS, string | null>;
  for (const [field, ruleKey] of Object.entries(OPTIONAL_FIELDS) as [
    keyof typeof OPTIONAL_FIELDS,
    string,
  ][]) {
    const checked = checkField(rules[ruleKey], str(body[field]));
    if ('error' in checked) {
      refuse(field, checked.error);
      optional[field] = null;
    } else {
      optional[field] = checked.value;
    }
  }

  // Payment password: when the brand shows it, the form always requires it (spec §5).
  let paymentPassword: string | null = null;
  const paymentRule = rules.paymentPassword;
  if (paymentRule?.enabled) {
    const checked = checkField({ ...paymentRule, required: true }, str(body.paymentPassword));
    if ('error' in checked) refuse('paymentPassword', checked.error);
    else paymentPassword = checked.value;
  }

  if (body.termsAccepted !== true) refuse('termsAccepted', { key: 'terms_required' });
  if (body.ageConfirmed !== true) refuse('ageConfirmed', { key: 'age_required' });

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    registration: {
      username,
      password,
      mobile: mobile?.e164 ?? null,
      email: optional.email,
      payeeName: optional.payeeName,
      qq: optional.qqNum,
      line: optional.line,
      whatsapp: optional.whatsapp,
      facebook: optional.facebook,
      wechat: optional.wechat,
      idNumber: optional.idNumber,
      recommenderId: optional.recommenderId,
      affiliateCode: optional.affiliateCode,
      referralCode: str(body.referralCode) || null,
      paymentPassword,
      domain: str(body.domain) || null,
    },
  };
};

/** Used only when a brand's settings lack a mobile rule: digits, 6 to 15. */
const defaultMobileRule: RegisterRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[0-9+]*$',
  patternId: 6,
  minLength: 6,
  maxLength: 16,
};
