import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Number types that can receive a text message. */
const SMS_CAPABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * The E.164 form of a phone number that can receive SMS, or null. Numbers without a country code
 * are read as Indian (+91); a leading 0 or 91 is understood too.
 */
export function normalisePhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'IN');
  if (!parsed || !parsed.isValid()) return null;
  const type = parsed.getType();
  if (!type || !SMS_CAPABLE.has(type)) return null;
  return parsed.number;
}

/** "+919876543210" → "+91•••••••210": the country code and the last three digits. */
export function maskPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const prefix = parsed ? `+${parsed.countryCallingCode}` : e164.slice(0, 3);
  const national = parsed ? parsed.nationalNumber : e164.slice(3);
  const visible = national.slice(-3);
  return `${prefix}${'•'.repeat(Math.max(national.length - visible.length, 0))}${visible}`;
}
