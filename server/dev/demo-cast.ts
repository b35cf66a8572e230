import type { CompanyRole } from '../../shared/permissions.ts';
import type { CandidateProfileFields } from './factories.ts';
import { JOB_TEMPLATES, type JobTemplate } from './demo-people.ts';

/** Who and what the demo holds: two companies with their teams and jobs, and the candidates. */

export interface DemoCompany {
  key: 'nimbus' | 'saffron';
  name: string;
  city: string;
  /** The first member runs hiring; the interviewer (else the second member) interviews. */
  team: { email: string; fullName: string; companyRole: CompanyRole }[];
  /** A pending invite sent by the owner (issue 13). */
  invite?: { email: string; companyRole: CompanyRole };
  jobs: JobTemplate[];
  drive: string;
}

const template = (title: string): JobTemplate => {
  const found = JOB_TEMPLATES.find((job) => job.title === title);
  if (!found) throw new Error(`no job template ${title}`);
  return found;
};

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    key: 'nimbus',
    name: 'Nimbus Technologies',
    city: 'Bengaluru',
    team: [
      { email: 'hr@nimbus-tech.demo.workcred.in', fullName: 'Rahul Mehta', companyRole: 'owner' },
      { email: 'priya.nair@nimbus-tech.demo.workcred.in', fullName: 'Priya Nair', companyRole: 'recruiter' },
      { email: 'anjali.bose@nimbus-tech.demo.workcred.in', fullName: 'Anjali Bose', companyRole: 'admin' },
      { email: 'arvind.rao@nimbus-tech.demo.workcred.in', fullName: 'Arvind Rao', companyRole: 'interviewer' },
    ],
    invite: { email: 'meera.kapoor@nimbus-tech.demo.workcred.in', companyRole: 'recruiter' },
    jobs: [template('Senior Backend Engineer (Java)'), template('Data Analyst'), template('Product Designer')],
    drive: 'Campus drive: VIT Vellore 2026',
  },
  {
    key: 'saffron',
    name: 'Saffron Health',
    city: 'Pune',
    team: [
      { email: 'talent@saffron-health.demo.workcred.in', fullName: 'Sneha Iyer', companyRole: 'owner' },
      { email: 'vikram.desai@saffron-health.demo.workcred.in', fullName: 'Vikram Desai', companyRole: 'recruiter' },
    ],
    jobs: [template('Staff Nurse – ICU'), template('Medical Coder (ICD-10)'), template('Hospital Pharmacist')],
    drive: 'Nursing job fair, Pune',
  },
];

export interface DemoCandidate {
  key: string;
  email: string;
  fullName: string;
  /** Listed in the README and the seed's output (the others sign in too, with the same password). */
  listed: boolean;
  phone: string;
  profile: Partial<CandidateProfileFields>;
}

const candidate = (key: string, fullName: string, phone: string, profile: Partial<CandidateProfileFields>, listed = false): DemoCandidate => ({
  key,
  email: listed ? `${key}.candidate@demo.workcred.in` : `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}@demo.workcred.in`,
  fullName,
  listed,
  phone,
  profile,
});

export const DEMO_CANDIDATES: readonly DemoCandidate[] = [
  candidate('arjun', 'Arjun Nair', '+919845012345', { uan: '100234567891', education: 'B.Tech., Computer Science and Engineering, RV College of Engineering', current_employer: 'Infosys', notice_period_days: 60, experience_years: 6, skills: ['Java', 'Spring Boot', 'PostgreSQL', 'Kafka'], location: 'Bengaluru', current_pay_lakh: 24, expected_pay_lakh: 32, projects: 'UPI payments switch; loan ledger migration' }, true),
  candidate('kavya', 'Kavya Reddy', '+919900112233', { uan: '100345678912', education: 'B.Sc., Statistics, Osmania University', current_employer: 'Omega Healthcare', notice_period_days: 30, experience_years: 3.5, skills: ['SQL', 'Python', 'Power BI', 'ICD-10'], location: 'Hyderabad', current_pay_lakh: 6.5, expected_pay_lakh: 10 }, true),
  candidate('meera', 'Meera Pillai', '+919847023456', { uan: '100456789123', education: 'B.Tech., Information Technology, CUSAT', current_employer: 'Tata Consultancy Services', notice_period_days: 90, experience_years: 7, skills: ['Java', 'Microservices', 'AWS'], location: 'Kochi', current_pay_lakh: 27, expected_pay_lakh: 35 }),
  candidate('rohan', 'Rohan Deshmukh', '+919822034567', { uan: '100567891234', education: 'B.E., Computer Engineering, COEP', current_employer: 'Persistent Systems', notice_period_days: 30, experience_years: 5, skills: ['Java', 'Kotlin', 'PostgreSQL'], location: 'Pune', current_pay_lakh: 20, expected_pay_lakh: 28 }),
  candidate('farhan', 'Farhan Qureshi', '+919811045678', { uan: '100678912345', education: 'B.Tech., Computer Science, Jamia Millia Islamia', current_employer: 'HCLTech', notice_period_days: 60, experience_years: 4, skills: ['Java', 'Spring Boot', 'Redis'], location: 'Noida', current_pay_lakh: 16, expected_pay_lakh: 24 }),
  candidate('ishita', 'Ishita Banerjee', '+919830056789', { uan: '100789123456', education: 'M.Sc., Economics, Presidency University', current_employer: 'Deloitte', notice_period_days: 45, experience_years: 3, skills: ['SQL', 'Tableau', 'Excel'], location: 'Kolkata', current_pay_lakh: 9, expected_pay_lakh: 12 }),
  candidate('siddharth', 'Siddharth Rao', '+919880067890', { uan: '100891234567', education: 'B.Des., NID Ahmedabad', current_employer: 'Swiggy', notice_period_days: 60, experience_years: 4, skills: ['Figma', 'User research', 'Design systems'], location: 'Bengaluru', current_pay_lakh: 18, expected_pay_lakh: 25 }),
  candidate('ananya', 'Ananya Joshi', '+919823078901', { uan: '100912345678', education: 'B.Sc. Nursing, Bharati Vidyapeeth', current_employer: 'Ruby Hall Clinic', notice_period_days: 30, experience_years: 3, skills: ['ICU care', 'BLS', 'ACLS'], location: 'Pune', current_pay_lakh: 4.2, expected_pay_lakh: 5.5 }),
  candidate('lakshmi', 'Lakshmi Menon', '+919846089012', { uan: '101023456789', education: 'GNM, Government School of Nursing, Thrissur', current_employer: 'Aster Medcity', notice_period_days: 30, experience_years: 5, skills: ['ICU care', 'Ventilator management'], location: 'Kochi', current_pay_lakh: 4.8, expected_pay_lakh: 6 }),
  candidate('harsh', 'Harsh Patel', '+919825090123', { uan: '101134567891', education: 'B.Pharm., L.M. College of Pharmacy', current_employer: 'Apollo Pharmacy', notice_period_days: 30, experience_years: 2, skills: ['Dispensing', 'Cold chain'], location: 'Ahmedabad', current_pay_lakh: 3.6, expected_pay_lakh: 4.5 }),
  candidate('pooja', 'Pooja Kulkarni', '+919860101234', { uan: '101245678912', education: 'B.Sc., Life Sciences, Fergusson College', current_employer: 'Omega Healthcare', notice_period_days: 15, experience_years: 2, skills: ['ICD-10', 'CPT', 'Medical billing'], location: 'Pune', current_pay_lakh: 3.4, expected_pay_lakh: 4.6 }),
  candidate('kabir', 'Kabir Singh', '+919815112345', { uan: '101356789123', education: 'B.Tech., Computer Science, Thapar Institute', current_employer: 'Zoho', notice_period_days: 60, experience_years: 3, skills: ['Playwright', 'Selenium', 'Java'], location: 'Chennai', current_pay_lakh: 11, expected_pay_lakh: 15 }),
];
