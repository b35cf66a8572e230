import { Readable } from 'node:stream';
import type { DocumentType } from '../../shared/schemas/candidate.ts';
import type { VerificationSubject } from '../db/schema.ts';
import { uploadCandidateDocument } from '../features/candidate-documents/upload-document.ts';
import { giveConsent } from '../features/verification/give-consent.ts';
import { decideCheck } from '../features/verification/review-queue.ts';
import { runVerificationCheck } from '../features/verification/run-check.ts';
import { scanOf } from './demo-scan.ts';
import { runQueuedLookups } from '../features/verification/lookups/lookup-worker.ts';
import { createDevelopmentEpfoProvider } from '../features/verification/sources/epfo/development.ts';
import type { DemoCandidate } from './demo-cast.ts';
import { bankStatement, experienceLetter, resume, salarySlip, salarySlipPaintedOver } from './demo-pdfs.ts';
import { SEED_IP, sessionFor, type SeedContext } from './seed-demo-context.ts';

type Candidates = Map<string, { id: string; spec: DemoCandidate }>;

/**
 * Verification in every status, each check after the candidate's consent: verified by the
 * automatic pass with its evidence (Arjun's salary slip and bank statement, everyone's phone),
 * verified by the verification team (Kavya's UAN), EPFO histories from the development provider
 * (issue 34: Meera's confirms her employers, Arjun's shows two employers paying PF for the same
 * months and awaits review, Farhan's does not show the employer he lists), and rejected with a
 * reason (Kabir's experience letter names another employer). Kavya's UAN is checked by hand: the
 * team's decision, not a provider's.
 */
export async function seedChecks(context: SeedContext, { adminId, candidates }: { adminId: string; candidates: Candidates }) {
  const { db, storage, app, publicUrl } = context;
  // The demo runs without keys: EPFO answers from the development table (demoEpfoTable).
  const epfo = createDevelopmentEpfoProvider({ nodeEnv: 'development' });
  const deps = { db, storage, log: app.log, uanProvider: null };
  const epfoDeps = { ...deps, uanProvider: epfo };
  const person = (key: string) => {
    const found = candidates.get(key);
    if (!found) throw new Error(`no demo candidate ${key}`);
    return { id: found.id, name: found.spec.fullName, uan: found.spec.profile.uan ?? '', employer: found.spec.profile.current_employer ?? '' };
  };
  async function upload(candidateId: string, type: DocumentType, pdf: Buffer) {
    await uploadCandidateDocument({ db, storage, log: app.log }, await sessionFor(db, candidateId), {
      type,
      body: Readable.from([pdf]),
      originalName: `${type.replace('_', '-')}.pdf`,
      timeoutMs: 60_000,
    });
  }
  async function consentAndRun(candidateId: string, subject: VerificationSubject, withEpfo = false) {
    const { shouldRun } = await giveConsent(db, candidateId, subject, SEED_IP, withEpfo ? epfo.name : null);
    if (shouldRun) await runVerificationCheck(withEpfo ? epfoDeps : deps, candidateId, subject, { id: candidateId, ip: SEED_IP });
  }
  async function decide(candidateId: string, subject: VerificationSubject, body: { status: 'verified' | 'rejected'; reason?: string }) {
    const check = await db.selectFrom('verification_checks').select('id').where('candidate_id', '=', candidateId).where('subject', '=', subject).executeTakeFirstOrThrow();
    await decideCheck(db, { id: adminId, ip: SEED_IP }, check.id, body, publicUrl);
  }

  const arjun = person('arjun');
  await upload(arjun.id, 'salary_slip', await salarySlip({ name: arjun.name, uan: arjun.uan, employer: arjun.employer, netPay: '1,52,400.00' }));
  await upload(arjun.id, 'bank_statement', await bankStatement({ name: arjun.name, employer: arjun.employer, credit: '1,52,400.00' }));
  await upload(arjun.id, 'resume', await resume({ name: arjun.name }));
  for (const subject of ['phone', 'salary_slip', 'bank_statement'] as const) await consentAndRun(arjun.id, subject);
  await consentAndRun(arjun.id, 'uan', true);

  const kavya = person('kavya');
  for (const subject of ['phone', 'uan'] as const) await consentAndRun(kavya.id, subject);
  // A scanned salary slip (no text layer): queued for OCR, read by the app's read worker when it runs.
  await upload(kavya.id, 'salary_slip', await scanOf(await salarySlip({ name: kavya.name, uan: kavya.uan, employer: kavya.employer, netPay: '96,400.00' })));
  await consentAndRun(kavya.id, 'salary_slip');
  await decide(kavya.id, 'uan', { status: 'verified', reason: 'UAN confirmed on the EPFO member passbook the candidate shared.' });

  const meera = person('meera');
  await upload(meera.id, 'salary_slip', await salarySlip({ name: meera.name, uan: meera.uan, employer: meera.employer, netPay: '1,71,250.00' }));
  for (const subject of ['phone', 'salary_slip'] as const) await consentAndRun(meera.id, subject);
  await consentAndRun(meera.id, 'uan', true);
  await consentAndRun(person('farhan').id, 'uan', true);

  const kabir = person('kabir');
  await upload(kabir.id, 'experience_letter', await experienceLetter({ name: kabir.name, employer: 'Wipro Limited' }));
  await consentAndRun(kabir.id, 'experience_letter');
  await decide(kabir.id, 'experience_letter', { status: 'rejected', reason: `The letter is from Wipro Limited, not ${kabir.employer}. Please upload the experience letter from ${kabir.employer}.` });

  // A slip whose net pay was painted over and raised to match his profile: the forensics hold it
  // for the team, who see the covered figure boxed on the page.
  const rohan = person('rohan');
  await upload(rohan.id, 'salary_slip', await salarySlipPaintedOver({ name: rohan.name, uan: rohan.uan, employer: rohan.employer, netPay: '1,21,400.00' }, '1,66,400.00'));
  await consentAndRun(rohan.id, 'salary_slip');

  for (const key of ['rohan', 'ananya', 'lakshmi', 'pooja']) await consentAndRun(person(key).id, 'phone');
  // The lookups queued above, asked now so the demo opens on their answers.
  await runQueuedLookups({ db, provider: epfo, log: app.log, clock: () => new Date() });
}
