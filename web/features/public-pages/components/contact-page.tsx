import { Clock, Handshake, LifeBuoy, ShieldCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { ContactForm } from './contact-form.tsx';
import { PageIntro } from './page-intro.tsx';

const text = messages.publicSite;

const channels = [
  { icon: Handshake, title: 'Sales and Enterprise', body: 'Pricing, volume plans, custom workflows and SLAs.', email: 'sales@workcred.in' },
  { icon: LifeBuoy, title: 'Support', body: 'Signed in? The Support chat in your dashboard is fastest.', email: 'support@workcred.in' },
  { icon: ShieldCheck, title: 'Privacy and grievances', body: 'Requests about your personal data, and complaints to our Grievance Officer.', email: 'grievance@workcred.in' },
] as const;

/** /contact. The pricing's Enterprise "Get Started" lands here with ?plan=enterprise: topic Sales is preselected. */
export function ContactPage() {
  const [params] = useSearchParams();
  const enterprise = params.get('plan')?.toLowerCase() === 'enterprise';
  return (
    <PublicLayout title={text.contactTitle} description={text.contactDescription}>
      <PageIntro eyebrow="Contact" title={text.contactHeading}>
        <p>Questions about pricing, a demo for your hiring team, help with your account or a partnership idea: write to us and a person will answer.</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="contact-form-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="contact-form-heading" className="text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          {enterprise && <p className="mt-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-800">{text.enterpriseNote}</p>}
          <div className="mt-6">
            <ContactForm initialTopic={enterprise ? 'sales' : undefined} />
          </div>
        </section>
        <aside aria-label="Other ways to reach us" className="space-y-4">
          <p className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
            <Clock className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            We reply within one business day, Monday to Friday, 9:30 am to 6:30 pm IST.
          </p>
          {channels.map(({ icon: Icon, title, body, email }) => (
            <div key={email} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                <Icon className="size-5 text-brand-600" aria-hidden="true" />
                {title}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{body}</p>
              <a href={`mailto:${email}`} className="mt-2 inline-block text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                {email}
              </a>
            </div>
          ))}
        </aside>
      </div>
    </PublicLayout>
  );
}
