import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Brand } from './brand.tsx';

/** A panel inside a page for a screen a later release builds. */
export function ComingSoonPanel({ title, body = messages.comingSoon.body }: { title: string; body?: string }) {
  return (
    <section className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <Construction className="mb-4 size-10 text-brand-600" aria-hidden="true" />
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 max-w-md text-sm text-slate-600">{body}</p>
    </section>
  );
}

/** A whole public page for a screen a later release builds. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <Brand />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6">
        <h1 className="sr-only">{title}</h1>
        <ComingSoonPanel title={title} />
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            {messages.routeError.home}
          </Link>
        </p>
      </main>
    </div>
  );
}
