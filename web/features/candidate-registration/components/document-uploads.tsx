import { messages } from '@shared/messages.ts';
import { documentTypes } from '@shared/options.ts';
import type { CandidateDocument } from '@shared/schemas/candidate.ts';
import { DocumentRow } from './document-row.tsx';

/** The four document types, each uploaded (or replaced) on its own; none is required. */
export function DocumentUploads({ documents, hint = messages.candidate.documents.hint }: { documents: readonly CandidateDocument[]; hint?: string }) {
  return (
    <div>
      <p className="text-sm text-slate-600">{hint}</p>
      <ul className="mt-2 divide-y divide-slate-100" data-testid="document-uploads">
        {documentTypes.map((type) => (
          <DocumentRow key={type} type={type} document={documents.find((document) => document.document_type === type)} />
        ))}
      </ul>
    </div>
  );
}
