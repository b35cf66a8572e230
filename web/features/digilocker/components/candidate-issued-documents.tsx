import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useCandidateIssuedDocuments } from '../api/get-candidate-issued-documents.ts';
import { IssuedDocumentSummary } from './issued-document-summary.tsx';

const text = messages.digilocker;

/**
 * The documents a candidate brought from DigiLocker, in the employer's application panel: who
 * issued each, verified by its issuer, and the education facts. Employers see the facts, not the
 * file (the API gives them no download).
 */
export function CandidateIssuedDocuments({ candidateId }: { candidateId: string }) {
  const documents = useCandidateIssuedDocuments(candidateId);
  return (
    <section aria-labelledby="panel-digilocker" data-testid="digilocker-panel">
      <h3 id="panel-digilocker" className="mb-2 font-semibold text-slate-900">
        {text.panelTitle}
      </h3>
      {documents.isPending ? (
        <Spinner />
      ) : documents.isError ? (
        <div role="alert" className="text-slate-700">
          <p>{text.panelLoadFailed}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void documents.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : documents.data.length === 0 ? (
        <p className="text-slate-500">{text.panelNone}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {documents.data.map((document) => (
            <li key={document.id} data-testid="issued-document" className="py-2">
              <IssuedDocumentSummary document={document} notVerified={text.notVerifiedOthers} confirms={text.confirmsProfileEducation} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
