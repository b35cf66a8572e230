import type { Kysely } from 'kysely';
import { messages } from '../../../../shared/messages.ts';
import type { EpfoLookupView } from '../../../../shared/schemas/epfo.ts';
import { writeAudit } from '../../../audit/write-audit.ts';
import type { DB } from '../../../db/schema.ts';
import { AppError, conflict } from '../../../http/errors.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../../shared/schemas/privacy.ts';
import { purposeOf } from '../candidate-checks.ts';
import { activeConsent, publishCheckChange } from '../run-check.ts';
import type { EpfoHistoryProvider } from '../sources/epfo/provider.ts';
import { latestLookupView } from './lookup-views.ts';
import { queueEpfoLookup } from './queue-lookup.ts';

const text = messages.epfo;

/**
 * POST /api/verification/epfo/refresh: the candidate asks EPFO again (a new job, an exit since, or
 * an employer's request), consenting anew. The check keeps its decision until the new answer replaces it; the
 * last answer stays on show meanwhile. One open lookup at a time: asking while one waits is a 409.
 */
export async function refreshEpfoLookup(
  db: Kysely<DB>,
  deps: { provider: EpfoHistoryProvider | null; now: Date; ip: string | null },
  candidateId: string,
): Promise<EpfoLookupView> {
  const provider = deps.provider;
  if (!provider) throw new AppError(409, 'NO_PROVIDER', text.noProvider);
  await db.transaction().execute(async (trx) => {
    const check = await trx.selectFrom('verification_checks').select('id').where('candidate_id', '=', candidateId).where('subject', '=', 'uan').forUpdate().executeTakeFirst();
    const consent = await activeConsent(trx, candidateId, 'uan');
    if (!check || !consent) throw conflict(text.noConsent, 'NO_CONSENT');
    const open = await trx.selectFrom('epfo_lookups').select('id').where('check_id', '=', check.id).where('state', 'in', ['queued', 'retrying']).executeTakeFirst();
    if (open) throw conflict(text.alreadyAsking, 'ALREADY_ASKING');
    // Each refresh is consented to anew (the dialog shows the purpose again): the consent that
    // allows this call is the one given now, with today's purpose text and notice.
    await trx.updateTable('verification_consents').set({ revoked_at: deps.now }).where('id', '=', consent.id).execute();
    const renewed = await trx
      .insertInto('verification_consents')
      .values({ candidate_id: candidateId, subject: 'uan', purpose: purposeOf('uan', provider.name), ip_address: deps.ip, notice_version: PRIVACY_NOTICE_VERSION })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lookup = await queueEpfoLookup(trx, { candidateId, checkId: check.id, consentId: renewed.id, provider: provider.name, now: deps.now });
    await writeAudit(trx, { actorId: candidateId, companyId: null, action: 'epfo_lookup_refreshed', entityType: 'verification_check', entityId: check.id, details: { lookup_id: lookup.id, provider: provider.name, consent_id: renewed.id }, ip: deps.ip });
    await publishCheckChange(trx, candidateId, check.id);
  });
  const view = await latestLookupView(db, candidateId);
  if (!view) throw new Error('a queued lookup must be visible');
  return view;
}
