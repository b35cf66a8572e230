import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { fill } from '@web/lib/fill.ts';
import { useMyLetters } from '../api/letters.ts';
import { LetterLinks, LettersCard } from './letters-card.tsx';
import { LetterStatus } from './letter-status.tsx';

const text = messages.letters;

/** The candidate's dashboard: letters employers issued to them, each with its PDF and verification page. */
export function MyLettersCard() {
  const letters = useMyLetters();
  return (
    <LettersCard title={text.myLettersTitle} description={text.myLettersDescription} none={text.myLettersNone} letters={letters}>
      {(data) => (
        <ul className="divide-y divide-slate-100">
          {data.map((letter) => (
            <li key={letter.id} data-testid="my-letter" className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {text.kinds[letter.kind]} <span className="font-normal text-slate-600">{fill(text.fromCompany, { company: letter.company_name })}</span>
                </p>
                <p className="text-sm text-slate-600">
                  {letter.title} · <time dateTime={letter.issued_at}>{formatIstDate(new Date(letter.issued_at))}</time> · <LetterStatus revokedAt={letter.revoked_at} />
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <LetterLinks letter={letter} downloadLabel={fill(text.downloadFrom, { kind: text.kinds[letter.kind].toLowerCase(), company: letter.company_name })} downloadText={text.download} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </LettersCard>
  );
}
