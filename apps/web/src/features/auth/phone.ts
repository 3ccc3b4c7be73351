import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * A mobile number as typed (`01712345678`, `1712345678` or `+8801712345678`) with the picked
 * dialling code (`+880`): valid only when the phone library knows it as a mobile number of that
 * country, as the server checks it. Returns the E.164 form or null.
 */
export const parseMobile = (raw: string, dialCode: string): string | null => {
  const cleaned = raw.replace(/[\s().-]/g, '');
  if (!/^\+?[0-9]{4,20}$/.test(cleaned)) return null;
  const parsed = cleaned.startsWith('+')
    ? parsePhoneNumberFromString(cleaned)
    : parsePhoneNumberFromString(cleaned, { defaultCallingCode: dialCode.replace(/^\+/, '') });
  if (!parsed?.isValid()) return null;
  const kind = parsed.getType();
  if (kind !== undefined && kind !== 'MOBILE' && kind !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
};

/** The number as the form sends it: digits only, without spaces or dashes. */
export const cleanMobile = (raw: string) => raw.replace(/[\s().-]/g, '');
