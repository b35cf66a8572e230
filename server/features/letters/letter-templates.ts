import type { Kysely } from 'kysely';
import { DEFAULT_LETTER_TEMPLATES, letterKinds, type LetterKind, type LetterTemplate } from '../../../shared/schemas/letters.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';

export interface CompanyActor {
  userId: string;
  companyId: string;
  ip: string;
}

/** The company's wording of each kind of letter: its own where it saved one, the default otherwise. */
export async function listLetterTemplates(db: Kysely<DB>, companyId: string): Promise<LetterTemplate[]> {
  const rows = await db.selectFrom('letter_templates').select(['kind', 'subject', 'body', 'updated_at']).where('company_id', '=', companyId).execute();
  return letterKinds.map((kind) => {
    const own = rows.find((row) => row.kind === kind);
    return own
      ? { kind, subject: own.subject, body: own.body, customised: true, updated_at: new Date(own.updated_at).toISOString() }
      : { kind, ...DEFAULT_LETTER_TEMPLATES[kind], customised: false, updated_at: null };
  });
}

export async function letterTemplate(db: Kysely<DB>, companyId: string, kind: LetterKind): Promise<LetterTemplate> {
  return (await listLetterTemplates(db, companyId)).find((template) => template.kind === kind)!;
}

/** Saves the company's wording (the schema has checked every merge field); audited with the kind. */
export async function saveLetterTemplate(db: Kysely<DB>, actor: CompanyActor, kind: LetterKind, input: { subject: string; body: string }): Promise<LetterTemplate> {
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    await trx
      .insertInto('letter_templates')
      .values({ company_id: actor.companyId, kind, subject: input.subject, body: input.body, updated_by: actor.userId, updated_at: now })
      .onConflict((oc) => oc.columns(['company_id', 'kind']).doUpdateSet({ subject: input.subject, body: input.body, updated_by: actor.userId, updated_at: now }))
      .execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'letter_template_saved', entityType: 'letter_template', entityId: kind, details: { kind }, ip: actor.ip });
  });
  return letterTemplate(db, actor.companyId, kind);
}

/** Back to the default wording. */
export async function resetLetterTemplate(db: Kysely<DB>, actor: CompanyActor, kind: LetterKind): Promise<LetterTemplate> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('letter_templates').where('company_id', '=', actor.companyId).where('kind', '=', kind).executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'letter_template_reset', entityType: 'letter_template', entityId: kind, details: { kind }, ip: actor.ip });
    }
  });
  return letterTemplate(db, actor.companyId, kind);
}
