import { useSearchParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { useMyIssuedDocuments, useStartDigilocker } from '../api/digilocker.ts';
import { IssuedDocumentList } from './issued-document-list.tsx';
import { IssuedFileChooser } from './issued-file-chooser.tsx';

const text = messages.digilocker;

/**
 * Documents → "Bring documents from DigiLocker" (issue 34 §4): the button goes to DigiLocker's
 * consent; DigiLocker sends the browser back here with ?digilocker=choose (or denied), where the
 * candidate chooses what to bring; below, what they brought, each "Issued by … via DigiLocker".
 */
export function DigilockerCard() {
  const mine = useMyIssuedDocuments();
  const start = useStartDigilocker();
  const [params, setParams] = useSearchParams();
  const returned = params.get('digilocker');
  const leaveReturn = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('digilocker');
        return next;
      },
      { replace: true },
    );

  if (mine.data && !mine.data.enabled) return null;
  const connecting = start.isPending || start.isSuccess;
  return (
    <Card role="region" aria-labelledby="digilocker-title">
      <CardHeader className="pb-2">
        <CardTitle id="digilocker-title">{text.cardTitle}</CardTitle>
        <CardDescription className="text-slate-600">{text.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {returned === 'denied' && (
          <p role="status" className="text-sm text-slate-700">
            {text.denied}
          </p>
        )}
        {start.isError && (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(start.error, text.unavailable)}
          </p>
        )}
        {returned === 'choose' ? (
          <IssuedFileChooser onDone={leaveReturn} onReconnect={() => start.mutate()} reconnecting={connecting} />
        ) : (
          <Button onClick={() => start.mutate()} disabled={connecting}>
            {connecting ? text.connecting : text.connect}
          </Button>
        )}
        <section aria-labelledby="digilocker-brought" className="space-y-2">
          <h3 id="digilocker-brought" className="font-medium text-slate-900">
            {text.broughtTitle}
          </h3>
          {mine.isPending ? (
            <Spinner />
          ) : mine.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {errorMessage(mine.error, text.loadFailed)}
            </p>
          ) : (
            <IssuedDocumentList documents={mine.data.documents} education={mine.data.education} />
          )}
        </section>
      </CardContent>
    </Card>
  );
}
