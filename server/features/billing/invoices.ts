import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { financialYear, formatIstDate, formatPaise, invoiceNumber, SAAS_SAC, taxSplitOfTotal } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { PLANS, type PlanId } from '../../../shared/plans.ts';
import { INDIAN_STATES, type IndianState } from '../../../shared/schemas/company-settings.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { InvoicePartyJson } from '../../db/schema-billing.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { InvoiceFacts } from './invoice-pdf.ts';

const text = messages.billing;

/** Who issues the invoices, from configuration (SUPPLIER_*); the state is the GSTIN's first two digits. */
export type Supplier = InvoicePartyJson;

export function supplierOf(config: Config): Supplier {
  const code = config.SUPPLIER_GSTIN.slice(0, 2);
  const state = (Object.entries(INDIAN_STATES).find(([, value]) => value === code)?.[0] ?? 'Karnataka') as IndianState;
  return { legal_name: config.SUPPLIER_LEGAL_NAME, gstin: config.SUPPLIER_GSTIN, address: config.SUPPLIER_ADDRESS, state, state_code: code };
}

/**
 * The tax invoice of one payment, in the payment's transaction. Its number is the next of the
 * financial year: the counter row is raised here and stays locked until commit, so numbers run
 * without gaps or repeats however many payments arrive at once. The recipient is the company's
 * billing profile as it is today (its state is the place of supply), kept on the invoice.
 */
export async function createInvoice(
  trx: Transaction<DB>,
  input: { companyId: string; paymentId: string; plan: PlanId; checksAddOn: boolean; totalPaise: number; periodStart: Date | null; periodEnd: Date | null; issuedAt: Date; supplier: Supplier; billingUrl: string },
): Promise<string> {
  const fy = financialYear(input.issuedAt);
  const counter = await trx
    .insertInto('invoice_counters')
    .values({ financial_year: fy, last_number: 1 })
    .onConflict((oc) => oc.column('financial_year').doUpdateSet({ last_number: sql`invoice_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  const company = await trx
    .selectFrom('companies as c')
    .leftJoin('company_billing_profiles as b', 'b.company_id', 'c.id')
    .select(['c.name', 'b.legal_name', 'b.gstin', 'b.address_line1', 'b.address_line2', 'b.city', 'b.state', 'b.pincode'])
    .where('c.id', '=', input.companyId)
    .executeTakeFirstOrThrow();
  const state = (company.state ?? input.supplier.state) as IndianState;
  const recipient: InvoicePartyJson = {
    legal_name: company.legal_name ?? company.name,
    gstin: company.gstin ?? null,
    address: [company.address_line1, company.address_line2, company.city && company.pincode ? `${company.city} ${company.pincode}` : company.city].filter(Boolean).join(', '),
    state,
    state_code: INDIAN_STATES[state] ?? input.supplier.state_code,
  };
  const split = taxSplitOfTotal(input.totalPaise, input.supplier.state_code, recipient.state_code);
  const period = input.periodStart && input.periodEnd ? `, ${formatIstDate(input.periodStart)} to ${formatIstDate(new Date(input.periodEnd.getTime() - 1000))}` : '';
  const row = await trx
    .insertInto('billing_invoices')
    .values({
      company_id: input.companyId,
      payment_id: input.paymentId,
      number: invoiceNumber(fy, counter.last_number),
      financial_year: fy,
      sequence: counter.last_number,
      issued_at: input.issuedAt,
      description: `WorkCred ${PLANS[input.plan].name} plan subscription${input.checksAddOn ? messages.billing.addOnInvoiceLine : ''}${period}`,
      sac: SAAS_SAC,
      taxable_paise: split.taxablePaise,
      cgst_paise: split.cgstPaise,
      sgst_paise: split.sgstPaise,
      igst_paise: split.igstPaise,
      total_paise: split.totalPaise,
      place_of_supply_code: recipient.state_code,
      recipient: JSON.stringify(recipient),
      supplier: JSON.stringify(input.supplier),
    })
    .returning(['id', 'number', 'description'])
    .executeTakeFirstOrThrow();
  await emailOwners(trx, input.companyId, { number: row.number, description: row.description, amount: formatPaise(split.totalPaise), date: formatIstDate(input.issuedAt), url: input.billingUrl });
  return row.id;
}

/** Tells the company's owners (billing is theirs) that the invoice is ready, in the payment's transaction. */
async function emailOwners(trx: Transaction<DB>, companyId: string, values: { number: string; description: string; amount: string; date: string; url: string }): Promise<void> {
  const owners = await trx
    .selectFrom('user_profiles')
    .select(['email', 'full_name'])
    .where('company_id', '=', companyId)
    .where('company_role', '=', 'owner')
    .where('suspended_at', 'is', null)
    .orderBy('email')
    .execute();
  const description = values.description.replace(/^WorkCred /, '');
  for (const owner of owners) {
    const filled = { ...values, description, name: owner.full_name || owner.email };
    await enqueueMessage(trx, { channel: 'email', to: owner.email, subject: fill(text.invoiceEmailSubject, filled), text: fill(text.invoiceEmailBody, filled) });
  }
}

async function invoiceFacts(db: Kysely<DB>, invoiceId: string, companyId?: string): Promise<(InvoiceFacts & { fileKey: string | null }) | undefined> {
  let query = db.selectFrom('billing_invoices').selectAll().where('id', '=', invoiceId);
  if (companyId) query = query.where('company_id', '=', companyId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const parse = (value: InvoicePartyJson | string): InvoicePartyJson => (typeof value === 'string' ? (JSON.parse(value) as InvoicePartyJson) : value);
  return {
    number: row.number,
    issuedAt: new Date(row.issued_at),
    description: row.description,
    sac: row.sac,
    taxablePaise: Number(row.taxable_paise),
    cgstPaise: Number(row.cgst_paise),
    sgstPaise: Number(row.sgst_paise),
    igstPaise: Number(row.igst_paise),
    totalPaise: Number(row.total_paise),
    placeOfSupplyCode: row.place_of_supply_code,
    recipient: parse(row.recipient),
    supplier: parse(row.supplier),
    fileKey: row.file_key,
  };
}

/**
 * Renders the invoice's PDF and stores it (once; the row says where). Called after the payment's
 * transaction commits; if the process stops before, the first download makes it instead. Two at
 * once (that download and the background store) write two keys; the one the row names stays and
 * the other is removed.
 */
export async function storeInvoicePdf(deps: { db: Kysely<DB>; storage: FileStorage }, invoiceId: string): Promise<Buffer | undefined> {
  const facts = await invoiceFacts(deps.db, invoiceId);
  if (!facts) return undefined;
  // Loaded when an invoice is made: pdf-lib costs start-up about 160 ms (issue 14).
  const { renderInvoicePdf } = await import('./invoice-pdf.ts');
  const pdf = await renderInvoicePdf(facts);
  if (!facts.fileKey) {
    const key = `invoices/${invoiceId}-${randomBytes(6).toString('hex')}.pdf`;
    await deps.storage.put(key, Readable.from(pdf), { contentType: 'application/pdf' });
    const kept = await deps.db.updateTable('billing_invoices').set({ file_key: key }).where('id', '=', invoiceId).where('file_key', 'is', null).executeTakeFirst();
    if (kept.numUpdatedRows === 0n) await deps.storage.delete(key);
  }
  return pdf;
}

/** The company's invoice PDF (from storage, or made now), with its number; undefined for another company's or none. */
export async function openInvoicePdf(deps: { db: Kysely<DB>; storage: FileStorage }, companyId: string, invoiceId: string): Promise<{ number: string; body: Buffer | Readable } | undefined> {
  const facts = await invoiceFacts(deps.db, invoiceId, companyId);
  if (!facts) return undefined;
  const stored = facts.fileKey ? await deps.storage.get(facts.fileKey) : null;
  if (stored) return { number: facts.number, body: stored.body };
  const made = await storeInvoicePdf(deps, invoiceId);
  return made ? { number: facts.number, body: made } : undefined;
}
