import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '@web/components/brand.tsx';

/** The centred frame of the sign-in screens: logo, heading, subtitle, then a card. */
export function AuthLayout({ heading, subtitle, children }: { heading: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-12 sm:px-6">
        <div className="w-full max-w-md">
          <div className="mb-8 flex flex-col items-center text-center">
            <Brand className="mb-6" />
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading}</h1>
            {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
        </div>
      </main>
    </div>
  );
}

/** A sign-in-style page that only says something went wrong (a dead link, say), with a way home. */
export function AuthNotice({ heading, body }: { heading: string; body: string }) {
  return (
    <AuthLayout heading={heading}>
      <p role="alert" className="text-sm text-slate-700">
        {body}
      </p>
      <Link to="/" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        WorkCred
      </Link>
    </AuthLayout>
  );
}
