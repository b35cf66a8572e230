import { buildPendingExports, requestExport } from '../features/privacy/exports.ts';
import { recordGuardianConsent } from '../features/privacy/guardian.ts';
import { setNominee } from '../features/privacy/nominee.ts';
import { answerPrivacyRequest, raiseGrievance } from '../features/privacy/requests.ts';
import { runRetention } from '../features/privacy/retention.ts';
import type { DemoCandidate } from './demo-cast.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Data rights (issue 18), through the same functions the Privacy section and the admin tab call:
 * Kavya has named her mother as nominee, downloaded her data last week and had a grievance
 * answered; Arjun's grievance about a recruiter's call is in progress; Meera's is open and 70
 * days old, so the admin queue shows one due soon. Aarav, 17, signed up and stopped at the age
 * question; his father's consent was recorded, so he can finish registering.
 */
export async function seedPrivacy(context: SeedContext, adminId: string, candidates: Map<string, { id: string; spec: DemoCandidate }>, password: string): Promise<void> {
  const { db, app, storage, publicUrl, factories } = context;
  const officer = { name: app.config.GRIEVANCE_OFFICER_NAME, email: app.config.GRIEVANCE_OFFICER_EMAIL };
  const now = new Date();
  const kavya = candidates.get('kavya');
  const arjun = candidates.get('arjun');
  const meera = candidates.get('meera');
  if (!kavya || !arjun || !meera) return;

  await setNominee(db, kavya.id, { full_name: 'Sujatha Reddy', relationship: 'Mother', email: 'sujatha.reddy@example.in', phone: '+919849011223' }, SEED_IP);
  const asked = await requestExport(db, kavya.id, SEED_IP, new Date(now.getTime() - 6 * DAY_MS));
  await buildPendingExports({ db, storage, publicUrl, log: app.log, now: () => new Date(now.getTime() - 6 * DAY_MS) });
  await db.updateTable('data_exports').set({ downloaded_at: new Date(now.getTime() - 6 * DAY_MS + 3_600_000) }).where('id', '=', asked.export.id).execute();

  const at = (daysAgo: number) => ({ officer, publicUrl, ip: SEED_IP, now: new Date(now.getTime() - daysAgo * DAY_MS) });
  const kavyas = await raiseGrievance(db, kavya.id, { topic: 'correction', details: 'My relieving date from Saffron Health shows 31 October, but my last working day was 30 October.' }, at(20));
  await answerPrivacyRequest(db, adminId, kavyas.id, { status: 'resolved', response: 'Saffron Health confirmed 30 October and corrected your employment record. Your experience letter states the right date.' }, at(12));
  const arjuns = await raiseGrievance(db, arjun.id, { topic: 'sharing', details: 'A recruiter from a company I did not apply to called me and knew my current pay. How did they get it?' }, at(9));
  await answerPrivacyRequest(db, adminId, arjuns.id, { status: 'in_progress', response: 'We are checking which companies opened your profile and will write to you within two weeks.' }, at(8));
  await raiseGrievance(db, meera.id, { topic: 'consent', details: 'I withdrew consent for my bank statement check but still see it listed as verified to employers.' }, at(70));
  const aarav = await factories.user({ email: 'aarav.malhotra@demo.workcred.in', password, fullName: 'Aarav Malhotra', role: 'candidate' });
  await factories.candidateProfile(aarav.id, { declared: false, completed: false, education: 'Class XII, Delhi Public School, Noida' });
  await recordGuardianConsent(
    db,
    { adminId, ip: SEED_IP, now: new Date(now.getTime() - 2 * DAY_MS), publicUrl },
    { email: aarav.email, guardian_name: 'Vikram Malhotra', relationship: 'Father', evidence: 'Father’s Aadhaar and Aarav’s Class X mark sheet seen on a video call; signed consent form in the grievance mailbox.' },
  );
  // Yesterday's retention run, in the admin's log (nobody in the demo is 3 years inactive).
  await runRetention({ db, publicUrl, now: () => new Date(now.getTime() - DAY_MS), inactiveYears: app.config.RETENTION_INACTIVE_YEARS, unsubmittedDays: app.config.RETENTION_UNSUBMITTED_DAYS });
}
