import type { Kysely, Transaction } from 'kysely';
import { candidateInvitationsMessages as text } from '../../../shared/messages/candidate-invitations.ts';
import {
  invitationBodySchema,
  invitationSourceOf,
  type CandidateInvitation,
  type InvitationBody,
  type InvitationImportValues,
} from '../../../shared/schemas/candidate-invitations.ts';
import { summarise, type CsvImportPreview, type CsvImportRow } from '../../../shared/schemas/csv-import.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { flagRepeats, readCsvTable, rowsRefused, type CsvColumn } from '../../imports/csv-table.ts';
import { createInvitation, invitationProblem, invitationsOfCompany, invitingJob, isPendingTaken, toInvitation, type InviteActor, type InviteContext } from './invitation-rows.ts';

const COLUMNS: readonly CsvColumn<keyof InvitationImportValues>[] = [
  { key: 'full_name', header: 'Name', required: true },
  { key: 'email', header: 'Email', required: true },
  { key: 'phone', header: 'Phone' },
  { key: 'source', header: 'Source' },
  { key: 'referrer_name', header: 'Referred by' },
];

type Checked = CsvImportRow<InvitationImportValues> & { body?: InvitationBody };

/** Every row read and judged by the single add's rules, with every problem named on its row; nothing is written. */
async function checkRows(trx: Transaction<DB>, actor: InviteActor, jobId: string, csv: string): Promise<Checked[]> {
  await invitingJob(trx, actor.companyId, jobId);
  const rows: Checked[] = readCsvTable(csv, COLUMNS).map((row) => ({ ...row }));
  for (const row of rows) {
    if (row.errors.length > 0) continue;
    const source = invitationSourceOf(row.values.source);
    if (!source) {
      row.errors.push(text.sourceInvalid);
      continue;
    }
    const parsed = invitationBodySchema.safeParse({ ...row.values, source });
    if (!parsed.success) {
      row.errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
      continue;
    }
    row.body = parsed.data;
    row.values = { ...row.values, email: parsed.data.email };
  }
  flagRepeats(rows, 'email', (values) => values.email.trim().toLowerCase());
  for (const row of rows) {
    if (row.errors.length > 0 || !row.body) continue;
    const problem = await invitationProblem(trx, actor.companyId, jobId, row.body.email);
    if (problem) row.errors.push(problem.message);
  }
  return rows;
}

const publicRows = (rows: Checked[]): CsvImportRow<InvitationImportValues>[] => rows.map(({ row, values, errors }) => ({ row, values, errors }));

/** POST …/invitations/import/preview: what importing the file would do, row by row. */
export async function previewInvitationImport(db: Kysely<DB>, actor: InviteActor, jobId: string, csv: string): Promise<CsvImportPreview<InvitationImportValues>> {
  // Read-only, but in a transaction so every row is judged against one snapshot.
  return db.transaction().execute(async (trx) => summarise(publicRows(await checkRows(trx, actor, jobId, csv))));
}

/**
 * Imports every row or none: the rows are judged again, and any problem (including one that arose
 * since the preview, or a concurrent add that wins the unique index) refuses the whole file with
 * every row's problems, and nothing is written: no invitation, no email, no audit entry.
 */
export async function importInvitations(db: Kysely<DB>, actor: InviteActor, jobId: string, csv: string, context: InviteContext): Promise<{ imported: number; invitations: CandidateInvitation[] }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const rows = await checkRows(trx, actor, jobId, csv);
      if (rows.some((row) => row.errors.length > 0 || !row.body)) throw rowsRefused(publicRows(rows));
      const job = await invitingJob(trx, actor.companyId, jobId);
      const ids: string[] = [];
      for (const row of rows) ids.push(await createInvitation(trx, actor, job, row.body as InvitationBody, context, 'import'));
      await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidates_imported', entityType: 'job_posting', entityId: jobId, details: { count: ids.length }, ip: actor.ip });
      const invitations = await invitationsOfCompany(trx, actor.companyId).where('ci.id', 'in', ids).orderBy('ci.created_at', 'desc').execute();
      return { imported: ids.length, invitations: invitations.map(toInvitation) };
    });
  } catch (error) {
    // Someone added one of these people while the file was imported: judge the file again, outside the failed transaction.
    if (isPendingTaken(error)) throw rowsRefused(publicRows(await db.transaction().execute((trx) => checkRows(trx, actor, jobId, csv))));
    throw error;
  }
}
