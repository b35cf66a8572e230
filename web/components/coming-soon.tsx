import { Construction } from 'lucide-react';
import { messages } from '@shared/messages.ts';

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
