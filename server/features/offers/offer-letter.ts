import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { offersMessages as text } from '../../../shared/messages/offers.ts';
import { letterDate, paiseInLakh, renderLetterText, type LetterValues } from '../../../shared/schemas/letters.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { logoPng } from '../letters/issue-letter.ts';
import { letterTemplate } from '../letters/letter-templates.ts';
import { breakupOf, offerQuery, type OfferRow } from './offer-rows.ts';
import type { OfferLetterFacts } from './offer-letter-pdf.ts';

export interface OfferLetterDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/** The billing profile's address as a letterhead writes it, a line each; none without a profile. */
export async function companyAddressLines(db: Kysely<DB>, companyId: string): Promise<string[]> {
  const profile = await db.selectFrom('company_billing_profiles').select(['address_line1', 'address_line2', 'city', 'state', 'pincode']).where('company_id', '=', companyId).executeTakeFirst();
  if (!profile) return [];
  return [profile.address_line1, profile.address_line2, `${profile.city}, ${profile.state} ${profile.pincode}`].filter((line): line is string => Boolean(line));
}

/** What the letter says about this offer, in the company's offer wording (Settings → Letters). */
export async function offerLetterFacts(deps: OfferLetterDeps, row: OfferRow, issued: OfferLetterFacts['issued'], candidateCode: string | null): Promise<OfferLetterFacts> {
  const company = await deps.db.selectFrom('companies').select(['name', 'logo_key', 'letter_signatory_name', 'letter_signatory_designation']).where('id', '=', row.company_id).executeTakeFirstOrThrow();
  const template = await letterTemplate(deps.db, row.company_id, 'offer');
  const candidateName = row.candidate_full_name || row.candidate_email;
  const ctc = breakupOf(row);
  const values: LetterValues = {
    candidate_name: candidateName,
    candidate_id: candidateCode ?? '',
    job_title: row.title,
    company_name: company.name,
    joining_date: letterDate(row.joining_date),
    last_working_day: '',
    annual_ctc_lakh: paiseInLakh(Number(row.total_paise)),
    issue_date: issued ? issued.on : '',
  };
  return {
    subject: renderLetterText(template.subject, values),
    body: renderLetterText(template.body, values),
    companyName: company.name,
    addressLines: await companyAddressLines(deps.db, row.company_id),
    logoPng: await logoPng({ db: deps.db, storage: deps.storage, log: deps.log, publicUrl: deps.publicUrl }, company.logo_key),
    signatoryName: company.letter_signatory_name,
    signatoryDesignation: company.letter_signatory_designation,
    candidateName,
    title: row.title,
    expiryLine: row.expires_on ? fill(text.letterExpiry, { date: letterDate(row.expires_on) }) : null,
    ctc,
    issued,
  };
}

/**
 * The offer letter as a PDF: the letter as sent (stored, byte for byte) once it was sent; until
 * then, for the company only, a preview made now and marked as a draft. The candidate sees an
 * offer only once it was sent to them; anyone else gets 404.
 */
export async function openOfferLetter(deps: OfferLetterDeps, viewer: { userId: string; companyId: string | null }, offerId: string) {
  const row = await offerQuery(deps.db).where('o.id', '=', offerId).executeTakeFirst();
  const isCompany = row !== undefined && viewer.companyId !== null && row.company_id === viewer.companyId;
  const isCandidate = row !== undefined && row.candidate_id === viewer.userId && row.sent_at !== null;
  if (!row || (!isCompany && !isCandidate)) throw notFound(text.offerNotFound);
  const slug = row.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'offer';
  if (row.letter_id) {
    const letter = await deps.db.selectFrom('letters').select(['storage_key', 'code']).where('id', '=', row.letter_id).executeTakeFirst();
    const file = letter ? await deps.storage.get(letter.storage_key) : null;
    if (!letter || !file) throw notFound(text.offerNotFound);
    return { body: file.body, size: file.size as number | undefined, filename: `Offer-letter-${slug}-${letter.code}.pdf` };
  }
  if (!isCompany) throw notFound(text.offerNotFound);
  const candidate = await deps.db.selectFrom('candidate_profiles').select('candidate_code').where('user_id', '=', row.candidate_id).executeTakeFirst();
  const { renderOfferLetterPdf } = await import('./offer-letter-pdf.ts');
  const pdf = await renderOfferLetterPdf(await offerLetterFacts(deps, row, null, candidate?.candidate_code ?? null));
  return { body: pdf, size: pdf.length as number | undefined, filename: `Offer-letter-${slug}-draft.pdf` };
}
