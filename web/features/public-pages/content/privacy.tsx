import { Link } from 'react-router';
import { PRIVACY_NOTICE_VERSION } from '@shared/privacy-notice.ts';
import type { LegalSection } from '../components/legal-document.tsx';

const GRIEVANCE = 'grievance@workcred.in';
const mail = (address: string) => <a href={`mailto:${address}`}>{address}</a>;

/** The notice's date is its version: every consent records PRIVACY_NOTICE_VERSION, so the two cannot drift. */
export const privacyUpdated = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${PRIVACY_NOTICE_VERSION}T00:00:00Z`));

export const privacyIntro = (
  <>
    <p>
      This notice explains what personal data WorkCred collects, why, how long we keep it, and the rights you have under India&apos;s Digital Personal Data Protection Act, 2023 (the
      &quot;DPDP Act&quot;) and the rules made under it. It applies to our website, web app and APIs, whether you are a candidate, an employer&apos;s staff member or a visitor.
    </p>
    <p>
      In short: we collect what is needed to verify employment and run hiring, we ask for your consent before we verify anything about you, we do not sell your data, and you can see,
      correct, erase or withdraw it at any time.
    </p>
  </>
);

/** The privacy notice of /privacy, written for the DPDP Act, 2023. */
export const privacySections: LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <p>
        WorkCred (&quot;we&quot;, &quot;us&quot;) operates the WorkCred platform and is the Data Fiduciary for the personal data described here. Where an employer uses WorkCred to receive your
        application, that employer is also a Data Fiduciary for its own use of your data, and its privacy notice applies to that use.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    heading: 'What we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account data:</strong> your name, email address, password (stored only as a one-way hash, never readable), role, and for employers the company you belong to, your position
            and company details such as industry, size and website.
          </li>
          <li>
            <strong>Phone number:</strong> to verify that it is yours with a one-time code, for two-step sign-in, and for important account messages.
          </li>
          <li>
            <strong>UAN (Universal Account Number)</strong> and the EPF service history it gives access to: employer names, dates of joining and exit and contribution records, fetched only with
            your authorisation.
          </li>
          <li>
            <strong>Professional details:</strong> education, current employer, experience, notice period and the jobs you apply to.
          </li>
          <li>
            <strong>Documents</strong> you upload: resume, bank statements, experience or relieving letters and salary slips, and the results of checking them.
          </li>
          <li>
            <strong>Employer content:</strong> job posts, team members, and messages with our support team.
          </li>
          <li>
            <strong>Usage logs:</strong> IP address, browser and device type, pages and API calls, sign-in and security events, with the time of each. We use one strictly necessary cookie to keep
            you signed in; we do not use advertising or cross-site tracking cookies.
          </li>
          <li>
            <strong>Contact and waitlist data:</strong> what you send us through the contact form or the waitlist.
          </li>
        </ul>
        <p>We do not collect Aadhaar numbers, biometric data or your EPFO password, and we never ask for a one-time code sent to you by another service.</p>
      </>
    ),
  },
  {
    id: 'why',
    heading: 'Why we use it',
    body: (
      <>
        <p>We process personal data only for these purposes:</p>
        <ul>
          <li>to create and secure your account, including sign-in, two-step verification and fraud prevention;</li>
          <li>to verify your employment history and documents, and show the results to employers you apply to;</li>
          <li>to let employers post jobs, receive and review applications, and manage their hiring team;</li>
          <li>to answer support requests and messages sent through the contact form;</li>
          <li>to send service messages, such as verification codes, application updates and changes to these terms;</li>
          <li>to keep the service running, measure its performance and investigate misuse; and</li>
          <li>to comply with the law, including tax, accounting and cybersecurity reporting duties, and lawful requests from authorities.</li>
        </ul>
        <p>We do not sell personal data, use it to train models for other companies, or use your documents for anything other than verifying them for you.</p>
      </>
    ),
  },
  {
    id: 'consent',
    heading: 'Consent and other grounds',
    body: (
      <>
        <p>
          We rely on your <strong>consent</strong> to verify your UAN and documents and to share your profile and verification results with an employer. Before each of these we tell you what will
          be processed and why, and ask you to agree. Your consent is specific to that purpose and you can withdraw it at any time (see below).
        </p>
        <p>
          For some processing the DPDP Act allows us to proceed without asking again: where you have voluntarily given us data for a specific purpose (for example your email when you contact
          us), to meet a legal obligation, or to respond to a medical emergency or threat to safety. We rely on these <strong>legitimate uses</strong> only as the Act permits.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: (
      <ul>
        <li>
          <strong>Employers you apply to</strong> see your profile, documents and verification results, only after you consent, and only for that application.
        </li>
        <li>
          <strong>Our verification team,</strong> bound by confidentiality, when an automated check needs a person to review it.
        </li>
        <li>
          <strong>Data Processors</strong> who run parts of the service for us under contract, such as cloud hosting in India, email and SMS delivery. They may use the data only on our
          instructions.
        </li>
        <li>
          <strong>Authorities,</strong> when the law requires it, such as a court order or a lawful request from a government agency.
        </li>
      </ul>
    ),
  },
  {
    id: 'storage-and-security',
    heading: 'Where we store it and how we protect it',
    body: (
      <p>
        Your data is stored on servers in India. Documents are encrypted at rest, kept outside any public folder, and downloaded only by people allowed to see them; all traffic is encrypted in
        transit. Staff access is limited to those who need it, protected by two-step sign-in and logged. If a personal data breach occurs, we will inform the Data Protection Board of India and
        every person affected, as the DPDP Act requires, with what happened and what you can do.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <>
        <p>We keep personal data only as long as the purpose needs it, then erase it, unless a law requires us to keep it longer.</p>
        <table>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Kept for</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Account data and phone number</td>
              <td>While your account is open; erased within 30 days after you close it</td>
            </tr>
            <tr>
              <td>UAN, service history and uploaded documents</td>
              <td>While your account is open and you have not withdrawn consent; erased within 30 days of withdrawal or closure. Accounts inactive for 3 years are closed after notice to you.</td>
            </tr>
            <tr>
              <td>Verification results shared with an employer</td>
              <td>With us, as above; the employer keeps its copy under its own retention policy</td>
            </tr>
            <tr>
              <td>Usage and security logs</td>
              <td>180 days, as Indian cybersecurity directions require, then deleted</td>
            </tr>
            <tr>
              <td>Support chats and contact form messages</td>
              <td>2 years from the last message</td>
            </tr>
            <tr>
              <td>Invoices and billing records</td>
              <td>8 years, as Indian tax and company law require</td>
            </tr>
            <tr>
              <td>Backups</td>
              <td>Overwritten within 35 days</td>
            </tr>
          </tbody>
        </table>
      </>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <>
        <p>As a Data Principal under the DPDP Act you have the right to:</p>
        <ul>
          <li>
            <strong>Access:</strong> a summary of the personal data we process about you, how we process it, and the other Data Fiduciaries and Processors we have shared it with.
          </li>
          <li>
            <strong>Correction and completion:</strong> have inaccurate or incomplete data corrected, completed or updated.
          </li>
          <li>
            <strong>Erasure:</strong> have data erased once it is no longer needed for the purpose you gave it for, or when you withdraw consent, unless a law requires us to keep it.
          </li>
          <li>
            <strong>Grievance redressal:</strong> complain to us about how we handle your data, and receive an answer (see below).
          </li>
          <li>
            <strong>Nomination:</strong> nominate another person to exercise your rights if you die or become unable to do so yourself.
          </li>
        </ul>
        <p>
          Candidates use these rights in the <strong>Privacy</strong> section of their dashboard: it lists every consent you gave and lets you withdraw it, shows what we hold and who it was
          shared with, takes grievances with a reference number, and records your nominee. You can also write to {mail(GRIEVANCE)} from the email address on your account (or tell us how to
          confirm it is you), or use the Support chat. We acknowledge requests within 2 working days and answer within 30 days. You may also ask for this notice in English or in any language
          in the Eighth Schedule to the Constitution.
        </p>
      </>
    ),
  },
  {
    id: 'withdraw-consent',
    heading: 'How to withdraw consent',
    body: (
      <>
        <p>Withdrawing consent is as easy as giving it. You can:</p>
        <ul>
          <li>use Withdraw beside the consent in the Privacy section of your dashboard, which first tells you what will follow;</li>
          <li>write to {mail(GRIEVANCE)} or use the Support chat, saying which consent you are withdrawing (for example, verification of your documents, or sharing with a particular employer); or</li>
          <li>close your account, which withdraws every consent you have given us.</li>
        </ul>
        <p>
          Once you withdraw, we stop the processing and erase the data concerned within 30 days, and tell the employers we shared it with. Processing done before the withdrawal remains lawful,
          and without a verification some employers may not be able to consider your application.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <p>
        WorkCred is meant for people aged 18 and over: registration asks you to confirm that you are. A person under 18 can register only after a parent or guardian has given verifiable
        consent, which our team records after checking it. We do not knowingly process the personal data of children otherwise. If you believe a child has registered, write to{' '}
        {mail(GRIEVANCE)} and we will erase the account.
      </p>
    ),
  },
  {
    id: 'grievance-officer',
    heading: 'Grievance Officer',
    body: (
      <>
        <p>Questions or complaints about your personal data go to our Grievance Officer:</p>
        <p>
          Grievance Officer, WorkCred
          <br />
          Email: {mail(GRIEVANCE)}
          <br />
          Hours: Monday to Friday, 9:30 am to 6:30 pm IST
        </p>
        <p>
          Raise a grievance from the Privacy section of your dashboard, or write to the address above. You get a reference number at once; we acknowledge within 2 working days and answer
          within 90 days, as the DPDP Rules require, and usually much sooner. If you are not satisfied with our answer, you may complain to the Data Protection Board of India. You can also
          reach us through the <Link to="/contact">contact page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this notice',
    body: (
      <p>
        We will update this notice when our processing or the law changes, and show the date at the top. If a change affects what we do with data you have already given us, we will tell you by
        email before it takes effect and, where needed, ask for your consent again.
      </p>
    ),
  },
];
