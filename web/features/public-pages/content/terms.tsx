import { Link } from 'react-router';
import type { LegalSection } from '../components/legal-document.tsx';

const mail = (address: string) => <a href={`mailto:${address}`}>{address}</a>;

export const termsUpdated = '22 November 2026';

export const termsIntro = (
  <>
    <p>
      These terms are an agreement between you and WorkCred for the use of the WorkCred website, web app and APIs (the &quot;Service&quot;). They apply to employers (companies and the staff who
      use WorkCred for them) and to candidates. Please read them with our <Link to="/privacy">privacy notice</Link>, which explains how we handle personal data.
    </p>
    <p>By creating an account or using the Service you accept these terms. If you use WorkCred for a company, you confirm that you are authorised to accept them for it.</p>
  </>
);

/** The terms of service of /terms, for employers and candidates. */
export const termsSections: LegalSection[] = [
  {
    id: 'accounts',
    heading: 'Accounts and eligibility',
    body: (
      <ul>
        <li>You must be at least 18 years old and able to enter a binding contract under Indian law.</li>
        <li>Give accurate information and keep it up to date. One person, one account: do not share your sign-in or let others use it.</li>
        <li>Keep your password secret and turn on two-step verification. Tell us at once if you suspect someone else has used your account.</li>
        <li>Employer accounts belong to the company. The company is responsible for what its staff do on WorkCred and for removing people who leave.</li>
      </ul>
    ),
  },
  {
    id: 'employers',
    heading: 'Terms for employers',
    body: (
      <ul>
        <li>Post only real, open positions that you are authorised to fill, with accurate titles, locations and pay. Remove or let expire posts that are filled.</li>
        <li>Do not discriminate on grounds prohibited by Indian law, and do not ask candidates for money at any stage of hiring.</li>
        <li>
          Use candidate data and verification results only to decide on that candidate&apos;s application, keep them confidential, and delete them when that purpose is served. For the data you
          receive you are a Data Fiduciary under the Digital Personal Data Protection Act, 2023, and you are responsible for your own compliance with it.
        </li>
        <li>A verification result is one input to your decision. Give a candidate the chance to explain a discrepancy before you reject them because of it.</li>
        <li>Add people to your organisation on WorkCred only when they have joined, and remove them when they are relieved, so employment records stay accurate.</li>
      </ul>
    ),
  },
  {
    id: 'candidates',
    heading: 'Terms for candidates',
    body: (
      <ul>
        <li>Only give information and upload documents that are true, your own, and unaltered. Submitting a forged or edited document ends the verification and may close your account.</li>
        <li>
          When you apply to a job, you choose to share your profile and verification results with that employer. You can withdraw consent at any time as our privacy notice explains.
        </li>
        <li>WorkCred is free for candidates. No one may charge you for applying to a job through WorkCred; report anyone who asks.</li>
        <li>We do not guarantee interviews, offers or employment. Employers make their own hiring decisions.</li>
      </ul>
    ),
  },
  {
    id: 'verification',
    heading: 'How verification works, and its limits',
    body: (
      <p>
        We check the information and documents candidates provide against available records, such as EPF service history, using automated rules, AI and, where needed, our verification team.
        A result tells you what we could and could not confirm from those records on the date of the check. Records can be incomplete (for example, employers not covered by EPF), so a result is not
        a guarantee of a person&apos;s character, conduct or future performance, and should not be the only basis of a hiring decision.
      </p>
    ),
  },
  {
    id: 'plans-and-payment',
    heading: 'Plans, trial and payment',
    body: (
      <ul>
        <li>New employer accounts may use a 14-day free trial with no credit card. At the end of the trial, choose a plan to keep posting jobs and verifying candidates.</li>
        <li>
          Paid plans are billed monthly in Indian rupees, in advance, with GST added. The limits of each plan (job listings, applications per listing, verifications) are shown on our pricing and
          apply per billing month. Enterprise plans are governed by the order form we sign with you.
        </li>
        <li>You can cancel at any time; the plan runs to the end of the month already paid for. Except where the law says otherwise, payments are not refundable.</li>
        <li>We may change prices with at least 30 days&apos; notice by email. The new price applies from your next billing month.</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <>
        <p>Do not, and do not help anyone else to:</p>
        <ul>
          <li>scrape, copy or harvest job posts, profiles or contact details, or use the Service to send unsolicited messages;</li>
          <li>get around rate limits, access controls or security measures, or probe the Service for vulnerabilities without our written permission;</li>
          <li>upload malware, or content that is unlawful, defamatory, obscene or infringes someone else&apos;s rights;</li>
          <li>impersonate a person or company, or post jobs for a company you do not represent; or</li>
          <li>resell or sublicense the Service, or use verification results to build a competing database.</li>
        </ul>
        <p>Found a security issue? Please report it to {mail('security@workcred.in')}; we welcome responsible disclosure.</p>
      </>
    ),
  },
  {
    id: 'content',
    heading: 'Your content and our service',
    body: (
      <p>
        You keep ownership of what you upload and post. You give us a licence to store, process and display it only as needed to provide the Service to you and to those you choose to share it
        with. WorkCred, its software, design and brand belong to us; these terms do not give you any right to them except to use the Service.
      </p>
    ),
  },
  {
    id: 'suspension',
    heading: 'Suspension and termination',
    body: (
      <p>
        You may close your account at any time. We may suspend or close an account that breaks these terms, puts other users or the Service at risk, or where the law requires us to, and we will
        tell you why unless the law or an investigation prevents it. When an account closes we erase its data as our privacy notice describes; sections on limits of liability, indemnity and
        disputes continue to apply.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Disclaimers and limitation of liability',
    body: (
      <>
        <p>
          We work hard to keep WorkCred available and accurate, but we provide it &quot;as is&quot;. To the extent the law allows, we do not promise that it will be uninterrupted or error-free,
          and we are not liable for indirect or consequential losses such as lost profits, or for hiring decisions made by employers.
        </p>
        <p>
          Our total liability to you for any claim about the Service is limited to the fees you paid us in the 12 months before the claim (or ₹10,000 for candidates and free accounts). Nothing
          in these terms limits liability that cannot be limited under Indian law. You agree to compensate us for losses caused by your breach of these terms or your misuse of another
          person&apos;s data.
        </p>
      </>
    ),
  },
  {
    id: 'law-and-disputes',
    heading: 'Governing law and disputes',
    body: (
      <p>
        These terms are governed by the laws of India. Please contact us first; most problems are solved quickly that way. A dispute not resolved within 30 days will be referred to arbitration by a
        sole arbitrator under the Arbitration and Conciliation Act, 1996, seated in Bengaluru and conducted in English. Subject to that, the courts at Bengaluru have exclusive jurisdiction.
        Nothing here stops a candidate or consumer from approaching a forum the law makes available to them.
      </p>
    ),
  },
  {
    id: 'grievances',
    heading: 'Grievances and contact',
    body: (
      <p>
        Complaints about content on WorkCred or about these terms go to our Grievance Officer at {mail('grievance@workcred.in')}. We acknowledge complaints within 24 hours and resolve them within
        15 days. For anything else, see our <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as the Service or the law changes. We will show the date at the top and, for changes that affect your rights, email you at least 15 days before they take
        effect. If you keep using WorkCred after that, the new terms apply; if you do not agree, you can close your account.
      </p>
    ),
  },
];
