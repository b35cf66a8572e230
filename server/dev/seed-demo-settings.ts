import sharp from 'sharp';
import { saveBillingProfile, saveCandidateEmailSettings } from '../features/company-settings/billing-and-emails.ts';
import { uploadLogo } from '../features/company-settings/company-logo.ts';
import { updateCompanySettings } from '../features/company-settings/company-profile.ts';
import { createJoinRequest } from '../features/team/join-requests.ts';
import type { Factories } from './factories.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

/** An employer on Nimbus's verified domain who has asked to join (Team Management → Requests to join). */
export const DEMO_JOIN_REQUESTER = { email: 'karthik.subramanian@nimbus-tech.demo.workcred.in', fullName: 'Karthik Subramanian' };

/** What each demo company says about itself (Settings → Company, Billing profile, Candidate emails). */
const PROFILES = {
  nimbus: {
    company: {
      industry: 'Information Technology',
      company_size: '201-500',
      website: 'https://nimbus-tech.demo.workcred.in',
      description: 'Nimbus builds payments and lending software for Indian banks and NBFCs, from offices in Bengaluru and Pune.',
      slug: 'nimbus-technologies',
      brand_color: '#1d4ed8',
    },
    billing: { legal_name: 'Nimbus Technologies Private Limited', gstin: '29AAGCB7383J1Z4', address_line1: '4th Floor, Prestige Tech Park, Marathahalli', city: 'Bengaluru', state: 'Karnataka' as const, pincode: '560103' },
    replyTo: 'careers@nimbus-tech.demo.workcred.in',
  },
  saffron: {
    company: {
      industry: 'Healthcare',
      company_size: '501-1000',
      website: 'https://saffron-health.demo.workcred.in',
      description: 'Saffron Health runs multi-speciality hospitals in Pune and Nashik, with 600 beds and a nursing school.',
      slug: 'saffron-health',
      brand_color: '#c2410c',
    },
    billing: null,
    replyTo: null,
  },
} as const;

/** A simple mark in the brand colour (no fonts needed), as a PNG: what an owner would upload. */
function demoLogo(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" rx="96" fill="${colour}"/><circle cx="256" cy="230" r="120" fill="#ffffff" opacity="0.9"/><rect x="136" y="360" width="240" height="40" rx="20" fill="#ffffff" opacity="0.9"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Issue 13 in the demo: both companies' profiles, logos and careers pages; Nimbus's billing profile
 * and reply-to address; Nimbus's verified domain with a colleague asking to join.
 */
export async function seedSettings(context: SeedContext, factories: Factories, companies: SeededCompany[], password: string) {
  const { db, storage } = context;
  for (const company of companies) {
    const profile = PROFILES[company.spec.key];
    const owner = company.team[0];
    if (!owner) continue;
    const actor = { userId: owner.id, companyId: company.id, ip: SEED_IP };
    await updateCompanySettings(db, actor, { name: company.spec.name, ...profile.company });
    await uploadLogo({ db, storage, log: context.app.log }, actor, await demoLogo(profile.company.brand_color));
    if (profile.billing) await saveBillingProfile(db, actor, profile.billing);
    if (profile.replyTo) {
      await saveCandidateEmailSettings(db, actor, { stages: { shortlisted: true, interview: true, offered: true, hired: true, rejected: true }, reply_to: profile.replyTo });
    }
  }
  const nimbus = companies.find((company) => company.spec.key === 'nimbus');
  if (!nimbus) return;
  await db.insertInto('company_verifications').values({ company_name: nimbus.spec.name, domain: 'nimbus-tech.demo.workcred.in', verification_status: 'verified' }).onConflict((oc) => oc.doNothing()).execute();
  const asker = await factories.user({ ...DEMO_JOIN_REQUESTER, password, role: 'employer' });
  await createJoinRequest(db, { userId: asker.id, ip: SEED_IP, publicUrl: context.publicUrl }, nimbus.id);
}
