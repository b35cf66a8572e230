import { Download, ShieldCheck } from 'lucide-react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useMyLetters } from '../api/letters.ts';
import { LetterStatus } from './letter-status.tsx';

const text = messages.letters;

/** The candidate's dashboard: letters employers issued to them, each with its PDF and verification page. */
export function MyLettersCard() {
  const letters = useMyLetters();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>{text.myLettersTitle}</CardTitle>
        <CardDescription>{text.myLettersDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {letters.isPending ? (
          <Spinner label={text.loading} />
        ) : letters.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(letters.error, text.loadFailed)}
          </p>
        ) : letters.data.length === 0 ? (
          <p className="text-sm text-slate-600">{text.myLettersNone}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {letters.data.map((letter) => (
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
                  <Button asChild variant="outline" size="sm">
                    <a href={`/api/letters/${letter.id}/pdf`} download aria-label={fill(text.downloadFrom, { kind: text.kinds[letter.kind].toLowerCase(), company: letter.company_name })}>
                      <Download className="size-4" aria-hidden="true" />
                      {text.download}
                    </a>
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <a href={`/verify/${letter.code}`} target="_blank" rel="noopener noreferrer">
                      <ShieldCheck className="size-4" aria-hidden="true" />
                      {text.verifyLink}
                    </a>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
