import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useRegistration } from '@web/features/candidate-registration/api/get-registration.ts';
import { DocumentUploads } from '@web/features/candidate-registration/components/document-uploads.tsx';
import { DocumentDownloadsCard } from '@web/features/company-documents/components/document-downloads-card.tsx';
import { DigilockerCard } from '@web/features/digilocker/components/digilocker-card.tsx';
import { errorMessage } from '@web/lib/api-client.ts';

const text = messages.candidateDashboard;

/** /dashboard/documents for a candidate: their four documents, to view, upload or replace, and who downloaded them. */
export function CandidateDocuments() {
  const registration = useRegistration();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.documentsPageTitle}</h2>
      <Card>
        <CardHeader className="pb-2">
          <CardTitle>{text.documentsTitle}</CardTitle>
        </CardHeader>
        <div className="px-6 pb-4">
          {registration.isPending ? (
            <Spinner />
          ) : registration.isError ? (
            <div role="alert" className="text-sm text-slate-700">
              <p>{errorMessage(registration.error, text.loadFailed)}</p>
              <Button variant="outline" className="mt-4" onClick={() => void registration.refetch()}>
                {text.retry}
              </Button>
            </div>
          ) : (
            <DocumentUploads documents={registration.data.documents} hint={text.documentsHint} />
          )}
        </div>
      </Card>
      <DigilockerCard />
      <DocumentDownloadsCard />
    </div>
  );
}
