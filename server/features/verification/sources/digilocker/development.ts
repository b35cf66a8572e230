import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { codeChallengeOf } from './pkce.ts';
import { DigilockerInvalidGrant, DigilockerNotFound, DigilockerUnauthorized, type DigilockerProvider, type IssuedFile } from './provider.ts';

/**
 * DIGILOCKER_PROVIDER=development: DigiLocker answered in-process, so `npm start` and the demo
 * bring documents with no keys. Its consent page (GET /api/digilocker/dev/authorize) looks like
 * DigiLocker's and issues a code; the code and the token are signed (HMAC with AUTH_SECRET), so
 * nothing is kept and any instance can check them, and the code carries the PKCE challenge, so a
 * wrong verifier is refused as DigiLocker refuses it. Refused in production.
 */
export interface DevelopmentDigilocker extends DigilockerProvider {
  name: 'development';
  /** Where the consent page lives, and what it offers. */
  consentPath: string;
  samples: readonly SampleDocument[];
  /** The code the consent page's Allow sends back: bound to the challenge and redirect, five minutes. */
  issueCode(input: { codeChallenge: string; redirectUri: string; holder: string }): string;
}

export interface SampleDocument extends IssuedFile {
  /** The certificate XML for a holder's name. */
  xmlFor(holder: string): string;
  lines(holder: string): string[];
}

const CODE_SECONDS = 300;
const TOKEN_SECONDS = 600;

export const DEVELOPMENT_SAMPLES: readonly SampleDocument[] = [
  {
    uri: 'in.gov.cbse-HSCER-201512345678',
    name: 'Class XII Marksheet',
    doctype: 'HSCER',
    description: 'Class XII Marksheet',
    issuer: 'Central Board of Secondary Education',
    issuerId: 'in.gov.cbse',
    date: '2015-05-28',
    mimes: ['application/pdf', 'application/xml'],
    xmlFor: (holder) =>
      certificateXml('Class XII Marksheet', 'HSCER', '28-05-2015', 'Central Board of Secondary Education', holder, [
        '<Examination name="Senior School Certificate Examination" month="March" year="2015"/>',
        '<School name="Kendriya Vidyalaya Hebbal, Bengaluru" code="44027"/>',
        '<Performance result="PASS" percentage="91.4"/>',
      ]),
    lines: (holder) => ['CENTRAL BOARD OF SECONDARY EDUCATION', 'Senior School Certificate Examination, March 2015', 'Marksheet cum Certificate', `This is to certify that ${holder}`, 'of Kendriya Vidyalaya Hebbal, Bengaluru', 'has passed the examination. Result: PASS (91.4%)'],
  },
  {
    uri: 'in.ac.vtu-DGCER-1RV15CS042',
    name: 'Degree Certificate',
    doctype: 'DGCER',
    description: 'Degree Certificate',
    issuer: 'Visvesvaraya Technological University',
    issuerId: 'in.ac.vtu',
    date: '2019-09-15',
    mimes: ['application/pdf', 'application/xml'],
    xmlFor: (holder) =>
      certificateXml('Degree Certificate', 'DGCER', '15-09-2019', 'Visvesvaraya Technological University', holder, [
        '<Degree name="Bachelor of Technology" abbreviation="B.Tech" branch="Computer Science and Engineering" year="2019" result="First Class with Distinction"/>',
        '<Institution name="R V College of Engineering, Bengaluru" code="1RV"/>',
      ]),
    lines: (holder) => ['VISVESVARAYA TECHNOLOGICAL UNIVERSITY, BELAGAVI', 'Degree Certificate', `${holder}`, 'having passed the examination of this University in 2019 from', 'R V College of Engineering, Bengaluru, is awarded the degree of', 'Bachelor of Technology in Computer Science and Engineering', 'First Class with Distinction'],
  },
];

function certificateXml(name: string, type: string, issueDate: string, issuer: string, holder: string, data: string[]): string {
  const escape = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<Certificate language="99" name="${name}" type="${type}" number="${type}-SAMPLE" issuedAt="Bengaluru" issueDate="${issueDate}" status="A">`,
    `  <IssuedBy><Organization name="${issuer}" type="CG"/></IssuedBy>`,
    `  <IssuedTo><Person name="${escape(holder)}"/></IssuedTo>`,
    `  <CertificateData>${data.join('')}</CertificateData>`,
    '</Certificate>',
  ].join('\n');
}

/** A small PDF, the same bytes for the same holder (fixed dates, no random ids). */
async function samplePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const fixed = new Date('2019-09-15T00:00:00Z');
  pdf.setCreationDate(fixed);
  pdf.setModificationDate(fixed);
  pdf.setProducer('WorkCred development DigiLocker');
  pdf.setCreator('WorkCred development DigiLocker');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((line, index) => page.drawText(line.replace(/[^\x20-\x7e]/g, '?'), { x: 60, y: 760 - index * 24, size: index === 0 ? 14 : 12, font }));
  page.drawText('Sample issued by the WorkCred development DigiLocker: not a real certificate.', { x: 60, y: 80, size: 9, font });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

export function createDevelopmentDigilocker(options: { nodeEnv: string; secret: string; publicUrl: string; redirectUri: string; now?: () => Date }): DevelopmentDigilocker {
  if (options.nodeEnv === 'production') throw new Error('DIGILOCKER_PROVIDER=development is refused in production: set DIGILOCKER_PROVIDER=digilocker with its keys, or none');
  const now = options.now ?? (() => new Date());
  const key = createHash('sha256').update(`workcred-dev-digilocker:${options.secret}`).digest();
  const sign = (payload: object) => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  };
  const open = (value: string): Record<string, unknown> | null => {
    const [body, mac] = value.split('.');
    if (!body || !mac) return null;
    const expected = createHmac('sha256', key).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  // Codes are single-use, as DigiLocker's are; remembered here only until they expire.
  const usedCodes = new Map<string, number>();
  const holderOf = (accessToken: string): string => {
    const token = open(accessToken);
    if (!token || typeof token.h !== 'string' || Number(token.e) < now().getTime()) throw new DigilockerUnauthorized('the development access token is invalid or expired');
    return token.h;
  };
  const sample = (uri: string) => {
    const found = DEVELOPMENT_SAMPLES.find((document) => document.uri === uri);
    if (!found) throw new DigilockerNotFound('the development DigiLocker has no such document');
    return found;
  };
  const consentPath = '/api/digilocker/dev/authorize';

  return {
    name: 'development',
    label: 'DigiLocker',
    consentPath,
    samples: DEVELOPMENT_SAMPLES,
    authorizeUrl({ state, codeChallenge }) {
      const search = new URLSearchParams({ response_type: 'code', client_id: 'workcred-development', redirect_uri: options.redirectUri, state, code_challenge: codeChallenge, code_challenge_method: 'S256' });
      return `${options.publicUrl}${consentPath}?${search.toString()}`;
    },
    issueCode({ codeChallenge, redirectUri, holder }) {
      return sign({ c: codeChallenge, r: redirectUri, h: holder.slice(0, 100), e: now().getTime() + CODE_SECONDS * 1000, n: randomBytes(8).toString('hex') });
    },
    async exchangeCode({ code, codeVerifier }) {
      const payload = open(code);
      const time = now().getTime();
      for (const [used, expires] of usedCodes) if (expires < time) usedCodes.delete(used);
      if (!payload || typeof payload.h !== 'string' || Number(payload.e) < time || usedCodes.has(code)) throw new DigilockerInvalidGrant('the development code is invalid, used or expired');
      if (payload.r !== options.redirectUri || payload.c !== codeChallengeOf(codeVerifier)) throw new DigilockerInvalidGrant('the development code does not match the verifier or redirect');
      usedCodes.set(code, Number(payload.e));
      return { accessToken: sign({ h: payload.h, e: time + TOKEN_SECONDS * 1000 }), expiresIn: TOKEN_SECONDS, digilockerId: null, name: payload.h };
    },
    async issuedFiles(accessToken) {
      holderOf(accessToken);
      return DEVELOPMENT_SAMPLES.map(({ xmlFor: _xml, lines: _lines, ...file }) => file);
    },
    async file(accessToken, uri) {
      return samplePdf(sample(uri).lines(holderOf(accessToken)));
    },
    async xml(accessToken, uri) {
      return sample(uri).xmlFor(holderOf(accessToken));
    },
  };
}
