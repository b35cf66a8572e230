import { ArrowRight, BadgeCheck, QrCode, UserRoundCheck } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Brand } from '@web/components/brand.tsx';
import { Button } from '@web/components/ui/button.tsx';

const highlights = [
  { icon: QrCode, text: messages.landing.highlightDrive },
  { icon: BadgeCheck, text: messages.landing.highlightScreen },
  { icon: UserRoundCheck, text: messages.landing.highlightHire },
] as const;

/** / for now: a hero with the pitch and the ways in (a later release builds the full landing). */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-white">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Brand />
        <Button asChild variant="ghost">
          <Link to="/auth">{messages.landing.signIn}</Link>
        </Button>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
        <p className="mb-4 inline-flex items-center rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">{messages.landing.tagline}</p>
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
          Work<span className="text-brand-700">Cred</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-600 sm:text-xl">{messages.landing.pitch}</p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/employer-signup">
              {messages.landing.startTrial}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/auth">{messages.landing.signIn}</Link>
          </Button>
        </div>
        <p className="mt-4 text-sm text-slate-500">{messages.landing.trialNote}</p>
        <ul className="mt-16 grid w-full max-w-4xl gap-4 text-left sm:grid-cols-3">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              <span className="text-sm text-slate-700">{text}</span>
            </li>
          ))}
        </ul>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-500">© {new Date().getFullYear()} WorkCred</footer>
    </div>
  );
}
