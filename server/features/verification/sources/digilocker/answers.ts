import { DigilockerUnavailable, type DigilockerToken, type IssuedFile } from './provider.ts';

/**
 * DigiLocker's JSON answers read into our types, defensively: the documentation's versions differ
 * in small ways (digilockerid or digilocker_id; mime as a list or a string; dates as DD-MM-YYYY,
 * DDMMYYYY or ISO 8601), and a field missing where we need it is a garbled answer, not a crash.
 */

const record = (value: unknown): Record<string, unknown> | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export function readToken(body: unknown): DigilockerToken {
  const answer = record(body);
  const accessToken = text(answer?.access_token);
  if (!answer || accessToken === '') throw new DigilockerUnavailable('DigiLocker answered the token request without an access_token');
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600,
    digilockerId: text(answer.digilockerid ?? answer.digilocker_id) || null,
    name: text(answer.name) || null,
  };
}

/** GET /oauth2/2/files/issued: {items: [...], resource}. Entries without a uri cannot be fetched and are left out. */
export function readIssuedFiles(body: unknown): IssuedFile[] {
  const items = record(body)?.items;
  if (!Array.isArray(items)) throw new DigilockerUnavailable('DigiLocker answered the issued documents request without items');
  const files: IssuedFile[] = [];
  for (const item of items) {
    const entry = record(item);
    const uri = text(entry?.uri);
    if (!entry || uri === '' || (text(entry.type) !== '' && text(entry.type) !== 'file')) continue;
    const name = text(entry.name) || text(entry.description) || uri;
    files.push({
      uri: uri.slice(0, 255),
      name: name.slice(0, 200),
      doctype: text(entry.doctype).slice(0, 20),
      description: text(entry.description).slice(0, 200),
      issuer: (text(entry.issuer) || text(entry.issuerid)).slice(0, 200),
      issuerId: (text(entry.issuerid) || uri.split('-')[0] || '').slice(0, 100),
      date: readDate(text(entry.date)),
      mimes: readMimes(entry.mime),
    });
  }
  return files;
}

function readMimes(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(text) : text(value).split(',');
  return list.map((mime) => mime.trim().toLowerCase()).filter((mime) => mime !== '');
}

/** DD-MM-YYYY, DD/MM/YYYY, DDMMYYYY, YYYY-MM-DD or an ISO time → YYYY-MM-DD; null when it is not a real date. */
export function readDate(value: string): string | null {
  let day: string | undefined;
  let month: string | undefined;
  let year: string | undefined;
  const dayFirst = /^(\d{2})[-/]?(\d{2})[-/]?(\d{4})$/.exec(value);
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  if (dayFirst) [, day, month, year] = dayFirst;
  else if (yearFirst) [, year, month, day] = yearFirst;
  if (!day || !month || !year) return null;
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}
