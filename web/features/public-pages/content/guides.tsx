import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type GuideAudience = 'Employers' | 'Candidates' | 'Employers and candidates';

export interface Guide {
  slug: string;
  title: string;
  audience: GuideAudience;
  summary: string;
  minutes: number;
  body: ReactNode;
}

/** The guides of /resources. Plain facts about Indian hiring practice; no legal advice. */
export const guides: Guide[] = [
  {
    slug: 'verify-employment-history-with-uan',
    title: "How to verify a candidate's employment history with UAN",
    audience: 'Employers',
    summary: 'What the EPF service history shows, how to read it against a resume, and what it cannot tell you.',
    minutes: 6,
    body: (
      <>
        <p>
          The Universal Account Number (UAN) is a 12-digit number the Employees&apos; Provident Fund Organisation (EPFO) gives a salaried employee once, for life. Each employer that deducts provident
          fund opens a member ID under that UAN, so the UAN&apos;s service history lists every covered employer a person has had, with the dates of joining and exit and the monthly contributions.
        </p>
        <h3>Step by step</h3>
        <ol>
          <li>
            <strong>Ask for consent first.</strong> Tell the candidate what you will check, why, and for how long you will keep it. On WorkCred the candidate verifies their own UAN and authorises
            the check; you never need their EPFO password or OTP, and you should never ask for either.
          </li>
          <li>
            <strong>Match employers to the resume.</strong> The history shows the registered name of each establishment, which is often not the brand name (a startup called &quot;Kite&quot; may
            be &quot;Kiteworks Technologies Private Limited&quot;). Every job on the resume after the candidate&apos;s first salaried role should have a matching entry.
          </li>
          <li>
            <strong>Compare the dates.</strong> A difference of a month at either end is normal: contributions start with the first payroll and exit dates are often filed late. Differences of
            several months, or a job on the resume with no entry at all, deserve a question.
          </li>
          <li>
            <strong>Look for overlaps and gaps.</strong> Two employers contributing for the same months can mean undisclosed dual employment. A gap can be study, caregiving, freelancing or a
            non-covered employer; ask, do not assume.
          </li>
          <li>
            <strong>Cross-check with pay documents.</strong> The PF deduction on recent salary slips, and the salary credits on the bank statement, should come from the employer the UAN shows.
          </li>
        </ol>
        <h3>What UAN cannot tell you</h3>
        <ul>
          <li>Establishments with fewer than 20 employees are not required to register with EPFO, so early-stage startups and small firms may be missing.</li>
          <li>Employees whose basic pay was above the statutory wage ceiling (₹15,000 a month) when they joined may have opted out of EPF.</li>
          <li>Consultants, contractors paid by invoice, overseas employers and government employees under GPF or NPS do not appear.</li>
          <li>It shows who paid provident fund and when, not the job title, the responsibilities or the reason for leaving.</li>
        </ul>
        <p>
          A missing entry is therefore a question for the candidate, not proof of fraud. Use the experience letter, salary slips and bank statement for the periods UAN does not cover, and keep the
          result only as long as the hiring decision needs it.
        </p>
      </>
    ),
  },
  {
    slug: 'job-post-that-attracts-verified-candidates',
    title: 'Writing a job post that attracts verified candidates',
    audience: 'Employers',
    summary: 'Clear titles, honest salary ranges and saying up front that you verify: posts that bring fewer, better applications.',
    minutes: 5,
    body: (
      <>
        <p>
          Candidates with a clean, verifiable history have choices. They read job posts quickly, usually on a phone, and skip the ones that hide the basics. A good post saves both sides an
          interview round.
        </p>
        <h3>Get the basics right</h3>
        <ul>
          <li>
            <strong>Title:</strong> use the words people search for, with the key skill if it matters: &quot;Senior Accountant (GST, Tally)&quot;, not &quot;Finance Rockstar&quot;.
          </li>
          <li>
            <strong>Salary:</strong> give a range, in lakhs per annum (LPA) or monthly in-hand. Posts with a range attract applicants who are already a fit and cut late-stage drop-outs.
          </li>
          <li>
            <strong>Location and work mode:</strong> the city and area, and whether the role is on-site, hybrid or remote. Mention shift timings and relocation support if any.
          </li>
          <li>
            <strong>Expiry date:</strong> set one. A post that disappears when the role is filled keeps your company from collecting applications you will never answer.
          </li>
        </ul>
        <h3>Describe the work, not a wish list</h3>
        <ul>
          <li>Four to six bullets of what the person will actually do in their first six months.</li>
          <li>Requirements split into must-haves and nice-to-haves. Give experience as a range (3–5 years), not a floor that screens out strong people.</li>
          <li>Leave out anything that is not needed to do the job, such as age, gender or marital status; such criteria invite complaints and exclude good candidates.</li>
        </ul>
        <h3>Say what you will verify</h3>
        <p>
          State that employment history will be verified through UAN and documents, with the candidate&apos;s consent. Honest candidates see it as a sign of a serious employer; inflated profiles
          tend to select themselves out.
        </p>
        <h3>Set expectations on timing</h3>
        <ul>
          <li>The notice period you can wait for, and whether you can support a notice buyout.</li>
          <li>The interview rounds, who the candidate will meet and how long the process usually takes.</li>
        </ul>
        <p>Once it is published, share the post&apos;s link and QR code where your candidates are: LinkedIn, WhatsApp groups, campus placement cells, referral messages and walk-in drive posters.</p>
      </>
    ),
  },
  {
    slug: 'preparing-your-documents',
    title: 'Preparing your documents: resume, bank statement, experience letter, salary slip',
    audience: 'Candidates',
    summary: 'Which version of each document to upload, how to make sure they agree with each other, and mistakes that slow verification down.',
    minutes: 6,
    body: (
      <>
        <p>
          WorkCred asks for four documents, each a PDF of up to 10 MB. Verification is fastest when every document is an original download rather than a photo, opens without a password, and tells
          the same story as the others.
        </p>
        <h3>Resume</h3>
        <ul>
          <li>One or two pages. For each job: the employer&apos;s name as it appears on your payslips, your title, and the month and year you started and left.</li>
          <li>Your dates should match your UAN service history. If they differ by more than a month, or a job is missing from UAN, add a short note (for example &quot;consultant, paid by invoice&quot;).</li>
          <li>Explain gaps in one line: study, caregiving, freelancing, a health break. A stated gap is never a problem; an unexplained one gets questions.</li>
        </ul>
        <h3>Bank statement</h3>
        <ul>
          <li>The account your salary is credited to, covering the last three to six months.</li>
          <li>Download the e-statement from net banking. It should show your name, the account number and the salary credits with your employer&apos;s name in the description.</li>
          <li>Many banks protect statements with a password. Open it and save an unlocked copy (for example with &quot;Print to PDF&quot;) before you upload.</li>
        </ul>
        <h3>Experience letter</h3>
        <ul>
          <li>On company letterhead, signed, with your designation, date of joining and last working day. A relieving letter is just as good.</li>
          <li>If a former employer has shut down, upload what you have: appointment letter, relieving letter, full and final statement or Form 16.</li>
        </ul>
        <h3>Salary slip</h3>
        <ul>
          <li>Your most recent slip from your current or last employer, showing the employer&apos;s name, your employee ID, gross and net pay and the PF deduction.</li>
          <li>The PF deduction links the slip to your UAN; the net pay should match the credit on your bank statement.</li>
        </ul>
        <h3>Never edit a document</h3>
        <p>
          Changes to a PDF, even to hide something harmless, leave traces that document checks detect, and a tampered document ends a verification. If something in a document is wrong, ask the
          issuer for a corrected copy, or tell us in the support chat.
        </p>
      </>
    ),
  },
  {
    slug: 'understanding-notice-periods',
    title: 'Understanding notice periods',
    audience: 'Employers and candidates',
    summary: 'How notice periods work in India, buyouts and early release, and how to state yours so offers do not fall through.',
    minutes: 5,
    body: (
      <>
        <p>
          A notice period is the time between resigning and your last working day. It is set by your appointment letter or your employer&apos;s HR policy; 30, 60 and 90 days are the most common
          in India, and many companies use a shorter period during probation.
        </p>
        <h3>For candidates</h3>
        <ul>
          <li>
            <strong>Know your number.</strong> Check your appointment letter rather than guessing. On WorkCred, enter your notice period in days; if you have already resigned, enter the days
            left.
          </li>
          <li>
            <strong>Early release and buyout.</strong> Your manager may agree to release you early, or policy may let you pay for the days you do not serve (a buyout), sometimes reimbursed by the
            new employer. Some policies let you set earned leave against notice. Get any such agreement in writing.
          </li>
          <li>
            <strong>Resign in writing</strong> and ask for the acceptance and your last working day by email. Hand over your work properly: your relieving and experience letters depend on it.
          </li>
          <li>
            <strong>Do not overstate availability.</strong> Saying &quot;immediate joiner&quot; with 90 days to serve is the most common reason offers are withdrawn.
          </li>
        </ul>
        <h3>For employers</h3>
        <ul>
          <li>Plan the offer-to-joining time into the hiring timeline; filter applicants on WorkCred by notice period when the role cannot wait.</li>
          <li>Decide in advance whether you will fund a buyout and up to how much.</li>
          <li>Stay in touch during the notice period; counter-offers are common in the last weeks.</li>
          <li>Never encourage a candidate to leave without serving notice. It exposes them to recovery claims, and you to a hire without a relieving letter.</li>
        </ul>
        <h3>After the last day</h3>
        <p>
          The full and final settlement pays out the last salary, leave encashment and any dues, less recoveries. Ask HR in writing when it will be paid; the relieving letter usually comes with
          it, and it is the document your next employer will ask for.
        </p>
      </>
    ),
  },
  {
    slug: 'dpdp-consent-checklist-for-employers',
    title: 'Candidate data and the DPDP Act: a checklist for employers',
    audience: 'Employers',
    summary: "Seven habits that keep your hiring process in line with India's Digital Personal Data Protection Act, 2023.",
    minutes: 4,
    body: (
      <>
        <p>
          When you receive a candidate&apos;s resume, UAN history or salary slips, you decide why and how that data is used, which makes your company a Data Fiduciary under the Digital Personal Data
          Protection Act, 2023. A few habits cover most of what that means in hiring.
        </p>
        <ol>
          <li>
            <strong>Tell candidates what you collect and why,</strong> in plain language, before you collect it.
          </li>
          <li>
            <strong>Collect only what the decision needs.</strong> Verification of employment does not need a candidate&apos;s full bank history for years.
          </li>
          <li>
            <strong>Use it only for hiring.</strong> Data collected to verify a candidate is not a marketing list.
          </li>
          <li>
            <strong>Limit who can see it.</strong> Give access to the people on the hiring panel, not the whole company.
          </li>
          <li>
            <strong>Delete it when you are done.</strong> Set a retention period for applicants you did not hire and stick to it.
          </li>
          <li>
            <strong>Answer requests.</strong> Candidates may ask to see, correct or erase their data, or withdraw consent. Know who in your team answers, and how fast.
          </li>
          <li>
            <strong>Plan for breaches.</strong> A personal data breach must be reported to the Data Protection Board of India and to the people affected.
          </li>
        </ol>
        <p>
          WorkCred records the candidate&apos;s consent for every verification and lets candidates see who viewed their record. Our <Link to="/privacy">privacy notice</Link> explains how we handle
          the data on our side.
        </p>
      </>
    ),
  },
];
