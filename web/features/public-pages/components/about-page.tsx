import { Link } from 'react-router';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { PageIntro } from './page-intro.tsx';

const principles = [
  { title: 'Consent first', body: 'Nothing about a candidate is checked or shared without their consent, and they can see and withdraw it.' },
  { title: 'Candidates own their record', body: 'A verified history travels with the person, so they verify once instead of at every new job.' },
  { title: 'Evidence over claims', body: 'We show employers what was checked, against which source, and what could not be confirmed.' },
  { title: 'Security by default', body: 'UANs, bank statements and salary slips are treated as the sensitive data they are: encrypted, in India, access logged.' },
] as const;

/** /about: who we are and why WorkCred exists. */
export function AboutPage() {
  return (
    <PublicLayout
      title="About WorkCred"
      description="WorkCred is building the credit bureau for employment in India: verified work histories that help employers hire with confidence and help honest candidates stand out."
    >
      <PageIntro eyebrow="About us" title="Trust should be the easy part of hiring">
        <p>WorkCred helps Indian employers hire people whose work history is verified, and helps candidates prove their experience once and carry it to every application.</p>
      </PageIntro>

      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 sm:px-6">
        <section aria-labelledby="why-heading">
          <h2 id="why-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Why we started
          </h2>
          <div className="mt-4 space-y-4 text-slate-700">
            <p>
              Every year, Indian companies make offers on the strength of a resume and a phone call, then wait days or weeks for background checks to come back. Meanwhile inflated titles, fabricated
              experience letters and undisclosed dual employment slip through, and honest candidates are made to submit the same documents again and again.
            </p>
            <p>
              Much of the evidence already exists. A salaried employee&apos;s UAN records which establishments paid provident fund for them and when; salary slips and bank statements confirm what
              they were paid. WorkCred brings that evidence together, with the candidate&apos;s consent, into a record an employer can rely on, much as a credit bureau does for lending.
            </p>
          </div>
        </section>

        <section aria-labelledby="what-heading">
          <h2 id="what-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            What we do
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
            <li>
              <strong>For employers:</strong> post jobs, collect applications by link and QR code, filter applicants by verified experience, notice period, pay and skills, and onboard the people
              you hire.
            </li>
            <li>
              <strong>For candidates:</strong> register once, verify your phone and UAN, upload your documents, and apply to jobs with a profile employers do not need to re-check.
            </li>
            <li>
              <strong>For everyone:</strong> a verification process that combines automated checks, AI and a human team, with consent recorded at every step.
            </li>
          </ul>
        </section>

        <section aria-labelledby="principles-heading">
          <h2 id="principles-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            What we believe
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {principles.map((principle) => (
              <li key={principle.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <h3 className="font-semibold text-slate-900">{principle.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{principle.body}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="join-heading" className="rounded-xl bg-brand-800 p-6 text-white sm:p-8">
          <h2 id="join-heading" className="text-xl font-bold">
            Built in India, for hiring in India
          </h2>
          <p className="mt-2 text-brand-50">Whether you hire ten people a year or ten a day, we would like to hear how you hire today.</p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="outline">
              <Link to="/contact">Contact us</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/features">See how it works</Link>
            </Button>
          </div>
        </section>
      </div>
    </PublicLayout>
  );
}
