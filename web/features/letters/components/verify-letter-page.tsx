import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { BadgeCheck, FileSearch, ShieldAlert } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { LETTER_LIMITS, letterDate, type PublicLetter } from '@shared/schemas/letters.ts';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { compareLetterCopy, usePublicLetter } from '../api/letters.ts';

const text = messages.letters;

/** What the person typed in the code field, carried over the navigation to the code's address. */
interface TypedCode {
  typed: string;
}

function CodeForm({ initial }: { initial: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [code, setCode] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    const cleaned = code.trim().toUpperCase().replace(/[^0-9A-Z]/g, '');
    // The address carries the code as printed; the field keeps it as typed (issue 33 A9).
    if (cleaned) void navigate(`/verify/${cleaned}`, { state: { typed: code } satisfies TypedCode });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search" aria-label={text.verifyTitle}>
      <div className="flex-1">
        <TextField id={`${id}-code`} label={text.codeLabel} placeholder={text.codePlaceholder} autoComplete="off" spellCheck={false} value={code} onChange={(event) => setCode(event.target.value)} maxLength={40} />
      </div>
      <Button type="submit">{text.check}</Button>
    </form>
  );
}

function CompareCopy({ code }: { code: string }) {
  const id = useId();
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'checking' } | { kind: 'done'; matches: boolean } | { kind: 'error'; message: string }>({ kind: 'idle' });
  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > LETTER_LIMITS.compareBytes) return setState({ kind: 'error', message: text.fileTooLarge });
    setState({ kind: 'checking' });
    try {
      setState({ kind: 'done', matches: await compareLetterCopy(code, file) });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error, text.compareFailed) });
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <FileSearch className="size-5 text-brand-700" aria-hidden="true" />
        {text.compareTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{text.compareDescription}</p>
      <label htmlFor={`${id}-file`} className="mt-4 block text-sm font-medium text-slate-800">
        {text.compareLabel}
      </label>
      <input id={`${id}-file`} type="file" accept="application/pdf,.pdf" onChange={(event) => void choose(event)} className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-800" />
      <div role="status" aria-live="polite" className="mt-3 text-sm">
        {state.kind === 'checking' ? <span className="text-slate-600">{text.comparing}</span> : null}
        {state.kind === 'done' ? (
          <p data-testid="compare-result" className={state.matches ? 'font-medium text-emerald-800' : 'font-medium text-red-800'}>
            {state.matches ? text.matches : text.differs}
          </p>
        ) : null}
        {state.kind === 'error' ? <p className="font-medium text-red-800">{state.message}</p> : null}
      </div>
    </section>
  );
}

function LetterFacts({ letter }: { letter: PublicLetter }) {
  const revoked = letter.revoked_at !== null;
  const rows: [string, string][] = [
    [text.issuedTo, letter.recipient_name],
    [text.letterType, text.kinds[letter.kind]],
    [text.jobTitle, letter.title],
    [text.issuedOn, letterDate(letter.issued_at)],
    ...(letter.joining_date ? ([[text.joiningDate, letterDate(letter.joining_date)]] as [string, string][]) : []),
    ...(letter.last_working_day ? ([[text.lastWorkingDay, letterDate(letter.last_working_day)]] as [string, string][]) : []),
  ];
  return (
    <section aria-labelledby="letter-issuer" data-testid="letter-facts" className={`rounded-xl border bg-white p-6 shadow-sm ${revoked ? 'border-red-300' : 'border-emerald-300'}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="letter-issuer" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          {revoked ? <ShieldAlert className="size-6 text-red-700" aria-hidden="true" /> : <BadgeCheck className="size-6 text-emerald-700" aria-hidden="true" />}
          {fill(text.issuedBy, { company: letter.company_name })}
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${revoked ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200'}`}>
          {revoked ? text.revokedBadge : text.validBadge}
        </span>
      </div>
      <p className={`mt-2 text-sm ${revoked ? 'font-medium text-red-800' : 'text-slate-700'}`}>
        {revoked ? fill(text.revokedOn, { company: letter.company_name, date: letterDate(letter.revoked_at!) }) : text.validNote}
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-600">
        {text.codeLabel}: <span className="font-mono">{letter.code}</span> · {text.privacyNote}
      </p>
    </section>
  );
}

/** /verify and /verify/:code: anyone checks a letter issued through WorkCred, without signing in, and may compare a copy. */
export function VerifyLetterPage() {
  const { code } = useParams();
  const typed = (useLocation().state as Partial<TypedCode> | null)?.typed;
  const letter = usePublicLetter(code);
  return (
    <PublicLayout title={text.verifyTitle} description={text.verifyDescription}>
      <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
        <header>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{text.verifyTitle}</h1>
          <p className="mt-1 text-sm text-slate-600">{text.verifyDescription}</p>
        </header>
        <CodeForm key={code ?? ''} initial={typed ?? code ?? ''} />
        {!code ? null : letter.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-8" label={text.loadingLetter} />
          </div>
        ) : letter.isError ? (
          <p role="alert" className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center font-medium text-slate-800">
            {errorMessage(letter.error, text.notFound)}
          </p>
        ) : (
          <>
            <LetterFacts letter={letter.data} />
            <CompareCopy code={letter.data.code} />
          </>
        )}
      </div>
    </PublicLayout>
  );
}
