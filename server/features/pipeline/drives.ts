import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { Drive } from '../../../shared/schemas/pipeline.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';

/** The company's named recruitment drives, by name, with how many applications each brought. */
export async function listDrives(db: Kysely<DB>, companyId: string): Promise<Drive[]> {
  const rows = await db
    .selectFrom('recruitment_drives as rd')
    .leftJoin('job_applications as ja', 'ja.source_drive_id', 'rd.id')
    .select(['rd.id', 'rd.name', 'rd.created_at'])
    .select((eb) => eb.fn.count<string>('ja.id').as('applications'))
    .where('rd.company_id', '=', companyId)
    .groupBy(['rd.id', 'rd.name', 'rd.created_at'])
    .orderBy('rd.name')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, created_at: new Date(row.created_at).toISOString(), applications: Number(row.applications) }));
}

const isDuplicateName = (error: unknown) => {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'recruitment_drives_name_key';
};

/** A new drive; the same name (ignoring case and outer spaces) twice in a company is 409. */
export async function createDrive(db: Kysely<DB>, actor: { userId: string; companyId: string; ip: string | null }, name: string): Promise<Drive> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('recruitment_drives')
        .values({ company_id: actor.companyId, name, created_by: actor.userId })
        .returning(['id', 'name', 'created_at'])
        .executeTakeFirstOrThrow();
      await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'recruitment_drive_created', entityType: 'recruitment_drive', entityId: row.id, details: { name }, ip: actor.ip });
      return { id: row.id, name: row.name, created_at: new Date(row.created_at).toISOString(), applications: 0 };
    });
  } catch (error) {
    if (isDuplicateName(error)) throw conflict(messages.pipeline.driveNameTaken, 'DRIVE_NAME_TAKEN');
    throw error;
  }
}
