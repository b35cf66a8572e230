import { createHash, randomInt, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { letterDate, paiseInLakh, renderLetterText, type CompanyLetter, type IssueLetterInput, type LetterKind, type LetterValues } from '../../../shared/schemas/letters.ts';
import { todayInIndia } from '../../../shared/schemas/jobs.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { letterTemplate, type CompanyActor } from './letter-templates.ts';
import { companyLetter } from './letters.ts';

const text = messages.letters;
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 12 characters of Crockford base32 from the CSPRNG: 60 bits, not guessable. */
export function newLetterCode(): string {
  let code = '';
  for (let index = 0; index < 12; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface LetterDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  log: FastifyBaseLogger;
  publicUrl: string;
  now?: Date;
}

interface LetterSubject {
  recipientId: string;
  email: string;
  name: string;
  candidateCode: string | null;
  title: string;
  joiningDate: string | null;
  lastWorkingDay: string | null;
  annualCtcPaise: number | null;
  applicationId: string | null;
  employmentId: string | null;
}

/**
 * Whom and what the letter is about, read (and locked, inside the issuing transaction) from the
 * company's own rows: another company's application or employment is 404, a wrong state 409.
 */
async function letterSubject(db: Kysely<DB> | Transaction<DB>, companyId: string, input: IssueLetterInput, lock: boolean, today: string): Promise<LetterSubject> {
  if (input.kind === 'offer') {
    const row = await db
      .selectFrom('job_applications as ja')
      .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
      .innerJoin('user_profiles as u', 'u.id', 'ja.candidate_id')
      .leftJoin('candidate_profiles as cp', 'cp.user_id', 'ja.candidate_id')
      .select(['ja.id', 'ja.status', 'ja.candidate_id', 'u.email', 'u.full_name', 'cp.candidate_code', 'jp.title'])
      .where('ja.id', '=', input.application_id!)
      .where('jp.company_id', '=', companyId)
      .$if(lock, (qb) => qb.forShare('ja'))
      .executeTakeFirst();
    if (!row) throw notFound(text.applicationNotFound);
    if (row.status !== 'offered' && row.status !== 'hired') throw conflict(text.offerNeedsOffered, 'LETTER_WRONG_STAGE');
    return {
      recipientId: row.candidate_id,
      email: row.email,
      name: row.full_name || row.email,
      candidateCode: row.candidate_code,
      title: row.title,
      joiningDate: input.joining_date!,
      lastWorkingDay: null,
      annualCtcPaise: input.annual_ctc_paise!,
      applicationId: row.id,
      employmentId: null,
    };
  }
  const row = await db
    .selectFrom('employments as e')
    .innerJoin('user_profiles as u', 'u.id', 'e.employee_id')
    .leftJoin('candidate_profiles as cp', 'cp.user_id', 'e.employee_id')
    .select(['e.id', 'e.status', 'e.confirmation', 'e.employee_id', 'e.title', 'e.joining_date', 'e.last_working_day', 'e.application_id', 'u.email', 'u.full_name', 'cp.candidate_code'])
    .where('e.id', '=', input.employment_id!)
    .where('e.company_id', '=', companyId)
    .$if(lock, (qb) => qb.forShare('e'))
    .executeTakeFirst();
  if (!row) throw notFound(text.employmentNotFound);
  // A letter names the person and vouches for the employment: only one with a source (issue 33 A1).
  if (row.confirmation !== 'confirmed') throw conflict(text.needsConfirmedEmployment, 'LETTER_UNCONFIRMED');
  if (input.kind === 'appointment' && row.status !== 'active') throw conflict(text.appointmentNeedsActive, 'LETTER_WRONG_STATE');
  if (input.kind !== 'appointment' && row.status !== 'relieved') throw conflict(text.relievingNeedsRelieved, 'LETTER_WRONG_STATE');
  // Relieving and experience letters state only what has happened by their date (issue 33 A2):
  // during a notice period the last working day is still to come.
  if (input.kind !== 'appointment' && row.last_working_day !== null && row.last_working_day > today) {
    throw conflict(fill(text.relievingNotYet, { date: letterDate(row.last_working_day) }), 'LETTER_NOT_YET');
  }
  return {
    recipientId: row.employee_id,
    email: row.email,
    name: row.full_name || row.email,
    candidateCode: row.candidate_code,
    title: row.title,
    joiningDate: row.joining_date,
    lastWorkingDay: input.kind === 'appointment' ? null : row.last_working_day,
    annualCtcPaise: input.kind === 'appointment' ? (input.annual_ctc_paise ?? null) : null,
    applicationId: row.application_id,
    employmentId: row.id,
  };
}

/** The company's logo (stored as WebP) as PNG for the PDF; a letter without it is better than no letter. */
export async function logoPng(deps: LetterDeps, logoKey: string | null): Promise<Buffer | null> {
  if (!logoKey) return null;
  try {
    const file = await deps.storage.get(logoKey);
    if (!file) return null;
    const { default: sharp } = await import('sharp');
    return await sharp(await buffer(file.body)).png().toBuffer();
  } catch (error) {
    deps.log.warn({ err: error, key: logoKey }, 'letter issued without the company logo');
    return null;
  }
}

/**
 * Issues a letter: fills the company's template, makes the PDF with the QR code of its verification
 * address, stores it (the storage_intents unit of work, as logos), and in one transaction records
 * it with its SHA-256, writes the audit row, queues the email with the PDF attached and tells the
 * person's dashboard. The application or employment is checked again under lock in that transaction.
 */
export async function issueLetter(deps: LetterDeps, actor: CompanyActor, input: IssueLetterInput): Promise<CompanyLetter> {
  const now = deps.now ?? new Date();
  const today = todayInIndia(now);
  const subject = await letterSubject(deps.db, actor.companyId, input, false, today);
  const company = await deps.db.selectFrom('companies').select(['name', 'logo_key']).where('id', '=', actor.companyId).executeTakeFirstOrThrow();
  const template = await letterTemplate(deps.db, actor.companyId, input.kind);
  const values: LetterValues = {
    candidate_name: subject.name,
    candidate_id: subject.candidateCode ?? '',
    job_title: subject.title,
    company_name: company.name,
    joining_date: subject.joiningDate ? letterDate(subject.joiningDate) : '',
    last_working_day: subject.lastWorkingDay ? letterDate(subject.lastWorkingDay) : '',
    annual_ctc_lakh: subject.annualCtcPaise ? paiseInLakh(subject.annualCtcPaise) : '',
    issue_date: letterDate(now),
  };
  const code = newLetterCode();
  const verifyUrl = `${deps.publicUrl.replace(/\/$/, '')}/verify/${code}`;
  // Loaded when a letter is made: pdf-lib and the QR renderer cost start-up about 200 ms (issue 14).
  const { renderLetterPdf } = await import('./letter-pdf.ts');
  const pdf = await renderLetterPdf({
    title: renderLetterText(template.subject, values),
    body: renderLetterText(template.body, values),
    companyName: company.name,
    logoPng: await logoPng(deps, company.logo_key),
    code,
    verifyUrl,
    issuedOn: values.issue_date,
    issuedAt: now,
  });
  const sha256 = createHash('sha256').update(pdf).digest('hex');

  const key = `letters/${actor.companyId}/${randomUUID()}.pdf`;
  await deps.db.insertInto('storage_intents').values({ object_key: key, action: 'upload' }).execute();
  await deps.storage.put(key, Readable.from(pdf), { contentType: 'application/pdf' });
  const id = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'upload').returning('id').executeTakeFirst();
    if (!claimed) throw new AppError(503, 'UPLOAD_ABANDONED', messages.errors.unavailable);
    // The stage or employment may have changed while the PDF was made: check again, under lock.
    await letterSubject(trx, actor.companyId, input, true, today);
    const { id } = await trx
      .insertInto('letters')
      .values({
        company_id: actor.companyId,
        kind: input.kind,
        code,
        recipient_id: subject.recipientId,
        recipient_name: subject.name,
        company_name: company.name,
        title: subject.title,
        joining_date: subject.joiningDate,
        last_working_day: subject.lastWorkingDay,
        annual_ctc_paise: subject.annualCtcPaise,
        application_id: subject.applicationId,
        employment_id: subject.employmentId,
        storage_key: key,
        sha256,
        size_bytes: pdf.length,
        issued_by: actor.userId,
        issued_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'letter_issued',
      entityType: 'letter',
      entityId: id,
      details: { kind: input.kind, recipient_id: subject.recipientId, code, sha256 },
      ip: actor.ip,
    });
    await sendLetter(trx, { kind: input.kind, to: subject.email, name: subject.name, company: company.name, verifyUrl, publicUrl: deps.publicUrl, pdf, code });
    await publish(trx, { topic: `user:${subject.recipientId}`, type: 'letter', id });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'letter', id });
    return id;
  });
  return companyLetter(deps.db, actor.companyId, id);
}

async function sendLetter(trx: Transaction<DB>, letter: { kind: LetterKind; to: string; name: string; company: string; verifyUrl: string; publicUrl: string; pdf: Buffer; code: string }) {
  const kind = text.kinds[letter.kind];
  const values = { kind, name: letter.name, company: letter.company, verifyUrl: letter.verifyUrl, dashboardUrl: `${letter.publicUrl.replace(/\/$/, '')}/dashboard` };
  await enqueueMessage(trx, {
    channel: 'email',
    to: letter.to,
    subject: fill(text.emailSubject, values),
    text: fill(text.emailText, values),
    attachments: [{ filename: `${kind.replace(/\s+/g, '-')}-${letter.code}.pdf`, contentType: 'application/pdf', content: letter.pdf.toString('base64'), encoding: 'base64' }],
  });
}
