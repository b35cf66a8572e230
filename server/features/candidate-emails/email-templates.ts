import type { Kysely, Selectable, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { candidateEmailsMessages as text } from '../../../shared/messages/candidate-emails.ts';
import { CANDIDATE_EMAIL_LIMITS, type EmailTemplate } from '../../../shared/schemas/candidate-emails.ts';
import type { CandidateEmailStage } from '../../../shared/schemas/company-settings.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { CandidateEmailTemplatesTable, DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';

export interface CompanyActor {
  userId: string;
  companyId: string;
  ip: string;
}

interface TemplateValues {
  name: string;
  subject: string;
  body: string;
  stage?: CandidateEmailStage | null | undefined;
}

const toTemplate = (row: Selectable<CandidateEmailTemplatesTable>): EmailTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  body: row.body,
  stage: row.stage,
  updated_at: new Date(row.updated_at).toISOString(),
});

/** The company's templates, by name. */
export async function listEmailTemplates(db: Kysely<DB>, companyId: string): Promise<EmailTemplate[]> {
  const rows = await db.selectFrom('candidate_email_templates').selectAll().where('company_id', '=', companyId).orderBy('name').execute();
  return rows.map(toTemplate);
}

/** The template tied to a stage, which replaces the stage's default email; null: the default. */
export async function stageTemplate(db: Kysely<DB> | Transaction<DB>, companyId: string, stage: string) {
  return (await db.selectFrom('candidate_email_templates').select(['subject', 'body']).where('company_id', '=', companyId).where('stage', '=', stage as CandidateEmailStage).executeTakeFirst()) ?? null;
}

/** A taken name or stage is a 409 naming which (the unique indexes of migration 0067 decide). */
async function refuseClashes(trx: Transaction<DB>, companyId: string, values: TemplateValues, exceptId: string | null) {
  const others = await trx
    .selectFrom('candidate_email_templates')
    .select(['name', 'stage'])
    .where('company_id', '=', companyId)
    .$if(exceptId !== null, (query) => query.where('id', '!=', exceptId!))
    .execute();
  if (others.some((other) => other.name.toLowerCase() === values.name.toLowerCase())) throw conflict(text.nameTaken, 'TEMPLATE_NAME_TAKEN');
  if (values.stage && others.some((other) => other.stage === values.stage)) throw conflict(text.stageTaken, 'TEMPLATE_STAGE_TAKEN');
  if (exceptId === null && others.length >= CANDIDATE_EMAIL_LIMITS.templatesPerCompany) throw conflict(fill(text.tooManyTemplates, { max: CANDIDATE_EMAIL_LIMITS.templatesPerCompany }), 'TOO_MANY_TEMPLATES');
}

/** Serialises a company's template writes, so two saves cannot both pass the clash check. */
const lockCompany = (trx: Transaction<DB>, companyId: string) => trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirstOrThrow();

export async function createEmailTemplate(db: Kysely<DB>, actor: CompanyActor, values: TemplateValues): Promise<EmailTemplate> {
  return db.transaction().execute(async (trx) => {
    await lockCompany(trx, actor.companyId);
    await refuseClashes(trx, actor.companyId, values, null);
    const row = await trx
      .insertInto('candidate_email_templates')
      .values({ company_id: actor.companyId, name: values.name, subject: values.subject, body: values.body, stage: values.stage ?? null, updated_by: actor.userId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidate_email_template_created', entityType: 'candidate_email_template', entityId: row.id, details: { name: row.name, stage: row.stage }, ip: actor.ip });
    return toTemplate(row);
  });
}

export async function updateEmailTemplate(db: Kysely<DB>, actor: CompanyActor, templateId: string, values: TemplateValues): Promise<EmailTemplate> {
  return db.transaction().execute(async (trx) => {
    await lockCompany(trx, actor.companyId);
    await refuseClashes(trx, actor.companyId, values, templateId);
    const row = await trx
      .updateTable('candidate_email_templates')
      .set({ name: values.name, subject: values.subject, body: values.body, stage: values.stage ?? null, updated_by: actor.userId, updated_at: new Date() })
      .where('id', '=', templateId)
      .where('company_id', '=', actor.companyId)
      .returningAll()
      .executeTakeFirst();
    // Another company's template is as unknown as a missing one.
    if (!row) throw notFound(text.templateNotFound);
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidate_email_template_updated', entityType: 'candidate_email_template', entityId: row.id, details: { name: row.name, stage: row.stage }, ip: actor.ip });
    return toTemplate(row);
  });
}

export async function deleteEmailTemplate(db: Kysely<DB>, actor: CompanyActor, templateId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('candidate_email_templates').where('id', '=', templateId).where('company_id', '=', actor.companyId).returning(['id', 'name']).executeTakeFirst();
    if (!row) throw notFound(text.templateNotFound);
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidate_email_template_deleted', entityType: 'candidate_email_template', entityId: row.id, details: { name: row.name }, ip: actor.ip });
  });
}
