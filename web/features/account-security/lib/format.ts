import { messages } from '@shared/messages.ts';
import type { Factor } from '@shared/schemas/auth.ts';

/** A number typed without a country code is Indian: 10 digits (spaces, dashes allowed) become +91… */
export function withIndianCode(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) ? `+91${digits}` : phone.trim();
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export function groupInFours(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function factorName(factor: Pick<Factor, 'factor_type' | 'friendly_name'>): string {
  if (factor.friendly_name) return factor.friendly_name;
  return factor.factor_type === 'totp' ? messages.accountSecurity.appTitle : messages.accountSecurity.phoneTitle;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
