import type { ReactNode } from 'react';
import { Download, ShieldCheck } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';

const text = messages.letters;

interface LettersQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T[] | undefined;
}

/** The card both letter lists share (company's and candidate's): loading, failure and empty states. */
export function LettersCard<T>({ title, description, none, letters, children }: { title: string; description: string; none: string; letters: LettersQuery<T>; children: (data: T[]) => ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {letters.isPending ? (
          <Spinner label={text.loading} />
        ) : letters.isError || !letters.data ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(letters.error, text.loadFailed)}
          </p>
        ) : letters.data.length === 0 ? (
          <p className="text-sm text-slate-600">{none}</p>
        ) : (
          children(letters.data)
        )}
      </CardContent>
    </Card>
  );
}

/** A letter's PDF download and its public verification page. */
export function LetterLinks({ letter, downloadLabel, downloadText }: { letter: { id: string; code: string }; downloadLabel: string; downloadText: string }) {
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <a href={`/api/letters/${letter.id}/pdf`} download aria-label={downloadLabel}>
          <Download className="size-4" aria-hidden="true" />
          {downloadText}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={`/verify/${letter.code}`} target="_blank" rel="noopener noreferrer">
          <ShieldCheck className="size-4" aria-hidden="true" />
          {text.verifyLink}
        </a>
      </Button>
    </>
  );
}
