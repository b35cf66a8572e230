import { issueLetter } from '../features/letters/issue-letter.ts';
import type { SeedContext } from './seed-demo-context.ts';
import { SEED_IP } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

/** Offered pay by title in the demo, in lakh a year (integer paise below). */
const CTC_LAKH: Record<string, number> = { 'Senior Backend Engineer': 32, 'Staff Nurse, ICU': 6.8 };
const DEFAULT_CTC_LAKH = 9.5;

/**
 * Letters through the same function the dashboard calls (issue 17): every hire made through the
 * pipeline gets its offer letter and appointment letter, and every relieved employment its
 * relieving and experience letters, on the company's letterhead (logos are seeded first), each
 * with its QR code and in the person's inbox.
 */
export async function seedLetters(context: SeedContext, companies: SeededCompany[]): Promise<void> {
  const { db, storage, app, publicUrl } = context;
  const deps = { db, storage, log: app.log, publicUrl };
  for (const company of companies) {
    const [issuer] = company.team;
    if (!issuer) continue;
    const actor = { userId: issuer.id, companyId: company.id, ip: SEED_IP };
    const employments = await db
      .selectFrom('employments as e')
      .leftJoin('job_applications as ja', 'ja.id', 'e.application_id')
      .select(['e.id', 'e.title', 'e.status', 'e.joining_date', 'e.last_working_day', 'e.application_id', 'ja.status as application_status', 'ja.offered_at', 'ja.hired_at'])
      .where('e.company_id', '=', company.id)
      .orderBy('e.created_at')
      .execute();
    // Each letter is dated when it would have been issued (the offer when the application was
    // offered, the appointment at the hire, the others on the last working day), its audit row too.
    const issue = async (input: Parameters<typeof issueLetter>[2], at: Date) => {
      const letter = await issueLetter({ ...deps, now: at }, actor, input);
      await db.updateTable('admin_audit_logs').set({ created_at: at }).where('entity_id', '=', letter.id).execute();
    };
    for (const employment of employments) {
      if (employment.application_id && employment.application_status === 'hired' && employment.offered_at && employment.hired_at) {
        const lakh = CTC_LAKH[employment.title] ?? DEFAULT_CTC_LAKH;
        await issue({ kind: 'offer', application_id: employment.application_id, joining_date: employment.joining_date, annual_ctc_paise: Math.round(lakh * 100_000 * 100) }, new Date(employment.offered_at));
        if (employment.status === 'active') await issue({ kind: 'appointment', employment_id: employment.id }, new Date(employment.hired_at));
      }
      // Letters state only what has happened: none while the notice period runs.
      if (employment.status === 'relieved' && employment.last_working_day && new Date(`${employment.last_working_day}T18:00:00+05:30`) <= new Date()) {
        const lastDay = new Date(`${employment.last_working_day}T18:00:00+05:30`);
        await issue({ kind: 'relieving', employment_id: employment.id }, lastDay);
        await issue({ kind: 'experience', employment_id: employment.id }, lastDay);
      }
    }
  }
}
