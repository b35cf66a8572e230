import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { formatIstDate } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { can, companyRoles } from '../../../shared/permissions.ts';
import { CORRECTION_DUE_DAYS, type CorrectionBody, type CorrectionTarget, type PrivacyRequest } from '../../../shared/schemas/privacy.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { REQUEST_COLUMNS, toPrivacyRequest } from './request-row.ts';
import { lockPersonWithinDailyLimit, nextReference, type PrivacyContext } from './requests.ts';

const text = messages.privacy;
/** The company roles that manage employees: they are told of, and answer, corrections of employment records. */
const EMPLOYEE_MANAGERS = companyRoles.filter((role) => can(role, 'employees.manage'));
const DAY_MS = 24 * 60 * 60 * 1000;
const subjectName = (subject: string) => messages.verification.subjects[subject] ?? subject;

/** What the person can ask to correct: their employment records and their verified checks. */
export async function correctionTargetsOf(db: Kysely<DB>, personId: string): Promise<CorrectionTarget[]> {
  const [employments, checks] = await Promise.all([
    db.selectFrom('employments as e').innerJoin('companies as c', 'c.id', 'e.company_id').select(['e.id', 'e.title', 'c.name']).where('e.employee_id', '=', personId).orderBy('e.joining_date', 'desc').execute(),
    db.selectFrom('verification_checks').select('subject').where('candidate_id', '=', personId).where('status', '=', 'verified').execute(),
  ]);
  return [
    ...employments.map((row) => ({ subject: 'employment' as const, ref: row.id, label: `${row.title}, ${row.name}` })),
    ...checks.map((row) => ({ subject: 'check' as const, ref: row.subject, label: subjectName(row.subject) })),
  ];
}

/**
 * A correction of what others confirmed: an employment record goes to its company's members who
 * manage employees (owners, admins, recruiters), a check (or anything else) to the verification team; answered within 30 days.
 */
export async function requestCorrection(db: Kysely<DB>, personId: string, body: CorrectionBody, ctx: PrivacyContext): Promise<PrivacyRequest> {
  const now = ctx.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const person = await lockPersonWithinDailyLimit(trx, personId, 'correction', now, text.tooManyCorrections);

    let employment: { company_id: string; title: string; company: string } | undefined;
    if (body.subject === 'employment') {
      employment = await trx
        .selectFrom('employments as e')
        .innerJoin('companies as c', 'c.id', 'e.company_id')
        .select(['e.company_id', 'e.title', 'c.name as company'])
        .where('e.id', '=', body.ref ?? '')
        .where('e.employee_id', '=', personId)
        .executeTakeFirst();
      if (!employment) throw notFound(text.correctionTargetNotFound);
    } else if (body.subject === 'check') {
      const check = await trx.selectFrom('verification_checks').select('id').where('candidate_id', '=', personId).where('subject', '=', (body.ref ?? '') as never).executeTakeFirst();
      if (!check) throw notFound(text.correctionTargetNotFound);
    }

    const dueAt = new Date(now.getTime() + CORRECTION_DUE_DAYS * DAY_MS);
    const topic = body.subject === 'employment' ? `employment:${employment?.title ?? ''}`.slice(0, 60) : body.subject === 'check' ? `check:${body.ref}` : 'other';
    const row = await trx
      .insertInto('privacy_requests')
      .values({ reference: await nextReference(trx, 'correction', now), kind: 'correction', person_id: personId, topic, details: body.details, company_id: employment?.company_id ?? null, due_at: dueAt, created_at: now, updated_at: now })
      .returning(REQUEST_COLUMNS)
      .executeTakeFirstOrThrow();

    const due = formatIstDate(dueAt);
    const name = person.full_name || person.email;
    if (employment) {
      const managers = await trx
        .selectFrom('user_profiles')
        .select('email')
        .where('company_id', '=', employment.company_id)
        .where('company_role', 'in', EMPLOYEE_MANAGERS)
        .where('suspended_at', 'is', null)
        .limit(20)
        .execute();
      for (const manager of managers) {
        await enqueueMessage(trx, {
          channel: 'email',
          to: manager.email,
          subject: fill(text.correctionEmployerSubject, { reference: row.reference }),
          text: fill(text.correctionEmployerText, { name, title: employment.title, details: body.details, date: due, url: `${ctx.publicUrl}/dashboard/team/employees` }),
        });
      }
    } else {
      await enqueueMessage(trx, {
        channel: 'email',
        to: ctx.officer.email,
        subject: fill(text.correctionTeamSubject, { reference: row.reference }),
        text: fill(text.correctionTeamText, { subject: body.subject === 'check' ? subjectName(body.ref ?? '') : text.correctionOther, details: body.details, date: due, url: `${ctx.publicUrl}/admin` }),
      });
    }
    await enqueueMessage(trx, {
      channel: 'email',
      to: person.email,
      subject: fill(text.correctionAckSubject, { reference: row.reference }),
      text: fill(text.correctionAckText, {
        name,
        reference: row.reference,
        who: employment ? fill(text.correctionByEmployer, { company: employment.company }) : text.correctionByTeam,
        date: due,
        url: `${ctx.publicUrl}/dashboard/privacy`,
      }),
    });
    await writeAudit(trx, {
      actorId: personId,
      companyId: employment?.company_id ?? null,
      action: 'privacy_correction_requested',
      entityType: 'privacy_request',
      entityId: row.id,
      details: { reference: row.reference, subject: body.subject },
      ip: ctx.ip,
    });
    return toPrivacyRequest(row);
  });
}
