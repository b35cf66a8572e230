import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { CompleteProfileResult, CompleteProfileValues } from '../../../shared/schemas/dashboard.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { freeSlug } from '../company-settings/company-slug.ts';

const text = messages.dashboardOverview;

/**
 * "Complete Your Profile" (spec point 4): creates a company, links the caller's profile to it as
 * employer, keeps industry and position, and records the audit row, all in one transaction.
 * A name already on WorkCred (whatever its case or spaces) is refused: joining an existing
 * company is by invitation, never by typing its name.
 */
export async function completeProfile(db: Kysely<DB>, session: SessionContext, values: CompleteProfileValues, ip: string): Promise<CompleteProfileResult> {
  if (session.profile.role === 'admin') throw forbidden(text.adminsCannotCreateCompany, 'ADMIN_NO_COMPANY');
  const userId = session.userId;

  return db.transaction().execute(async (trx) => {
    // Locks the profile: two concurrent submits cannot both create a company for it.
    const profile = await trx.selectFrom('user_profiles').select('company_id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (profile.company_id) throw conflict(text.alreadyHasCompany, 'ALREADY_HAS_COMPANY');

    // The unique index on lower(btrim(name)) decides, so a race between two people cannot slip through.
    const company = await trx
      .insertInto('companies')
      .values({ name: values.company_name, slug: await freeSlug(trx, values.company_name), industry: values.industry })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!company) throw conflict(text.companyNameTaken.replace('{name}', values.company_name), 'COMPANY_NAME_TAKEN');

    await trx
      .updateTable('user_profiles')
      .set({ company_id: company.id, company_role: 'owner', role: 'employer', industry: values.industry, position: values.position, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    // The plan chosen on the pricing section before signing up is offered first on Billing.
    const account = await trx.selectFrom('auth_users').select('chosenPlan').where('id', '=', userId).executeTakeFirst();
    if (account?.chosenPlan) await trx.updateTable('company_subscriptions').set({ chosen_plan: account.chosenPlan }).where('company_id', '=', company.id).execute();
    await writeAudit(trx, { actorId: userId, companyId: company.id, action: 'company_created', entityType: 'company', entityId: company.id, details: { name: company.name, industry: values.industry }, ip });
    await publish(trx, { topic: `company:${company.id}`, type: 'company', id: company.id });
    await publish(trx, { topic: `user:${userId}`, type: 'profile', id: userId });
    return { company_id: company.id, company_name: company.name };
  });
}
