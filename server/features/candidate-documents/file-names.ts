import type { FastifyReply } from 'fastify';

/**
 * The candidate's own filename is kept only to show it back (candidate_documents.original_name);
 * it never becomes part of a storage key or a path. Still, it is cleaned so that what we store and
 * echo in a Content-Disposition header is a harmless single name.
 */

const MAX_NAME_LENGTH = 255;
// C0/C1 controls, and bidirectional overrides that make "evil‮fdp.exe" read as "evilexe.pdf".
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * From the X-File-Name header (URL-encoded, as encodeURIComponent writes it) to a stored name, or
 * null: decoded, only the last path segment (so "../../etc/passwd" is "passwd"), no control or
 * bidi characters, trimmed, at most 255 characters.
 */
export function sanitizeOriginalName(header: string | string[] | undefined): string | null {
  // A character is at most 4 UTF-8 bytes, each "%XX" when encoded: 12 header characters.
  if (typeof header !== 'string' || header.length === 0 || header.length > MAX_NAME_LENGTH * 12) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(header);
  } catch {
    return null;
  }
  const lastSegment = decoded.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return null;
  return [...cleaned].slice(0, MAX_NAME_LENGTH).join('');
}

/**
 * Content-Disposition for a download (RFC 6266): always attachment, with an ASCII fallback
 * `filename` and the exact name as RFC 8187 `filename*`. The name always ends in .pdf.
 */
export function attachmentDisposition(name: string): string {
  const pdfName = /\.pdf$/i.test(name) ? name : `${name}.pdf`;
  const ascii = pdfName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(pdfName)}`;
}

function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A stored PDF as a download: its length, its cleaned name, never sniffed as anything else, never cached. */
export function sendPdfDownload(reply: FastifyReply, file: { body: NodeJS.ReadableStream | Buffer; size?: number | undefined }, fileName: string) {
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body);
}
