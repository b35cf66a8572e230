import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp, UserPlus } from 'lucide-react';
import { forCount } from '@shared/english.ts';
import { messages } from '@shared/messages.ts';
import { invitationSourceOf, type InvitationImportValues } from '@shared/schemas/candidate-invitations.ts';
import { CsvImportDialog, type CsvImportColumn } from '@web/components/csv-import-dialog.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { importInvitations, invitationsQueryKey, previewInvitationImport } from '../api/candidate-invitations.ts';
import { AddCandidateDialog } from './add-candidate-dialog.tsx';

const text = messages.candidateInvitations;

/** The Source cell as the team wrote it, in the form's words when it is one the server knows. */
function sourceCell(values: InvitationImportValues) {
  const source = invitationSourceOf(values.source);
  return source ? text.sourceLabels[source] : values.source;
}

/** The file's columns, named as the server reads them, in the template's order. */
const COLUMNS: CsvImportColumn<InvitationImportValues>[] = [
  { key: 'full_name', header: 'Name' },
  { key: 'email', header: 'Email' },
  { key: 'phone', header: 'Phone' },
  { key: 'source', header: 'Source', render: sourceCell },
  { key: 'referrer_name', header: 'Referred by' },
];
const EXAMPLE = { full_name: 'Priya Sharma', email: 'priya.sharma@example.com', phone: '98765 43210', source: 'Referral', referrer_name: 'Arjun Mehta' };

/**
 * "Add candidate" and "Import from CSV" beside the job's title (issue 36 §2). The page shows them
 * only to those who may move applications; the server refuses the others anyway.
 */
export function AddCandidateActions({ jobId, jobTitle }: { jobId: string; jobTitle: string }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setAdding(true)}>
        <UserPlus className="size-4" aria-hidden="true" />
        {text.addCandidate}
      </Button>
      <Button variant="outline" onClick={() => setImporting(true)}>
        <FileUp className="size-4" aria-hidden="true" />
        {text.importCandidates}
      </Button>
      <AddCandidateDialog jobId={jobId} open={adding} onOpenChange={setAdding} />
      {/* Mounted while open, so each opening starts without the last file. */}
      {importing ? (
        <CsvImportDialog<InvitationImportValues>
          open
          onOpenChange={setImporting}
          title={fill(text.importTitle, { title: jobTitle })}
          description={text.importDescription}
          columns={COLUMNS}
          example={EXAMPLE}
          templateName="candidates.csv"
          preview={(csv) => previewInvitationImport(jobId, csv)}
          runImport={(csv) => importInvitations(jobId, csv)}
          failedLabel={text.importFailed}
          onImported={(count) => {
            toast.success(fill(forCount(count, text.importedOne, text.imported), { count }));
            void queryClient.invalidateQueries({ queryKey: invitationsQueryKey(jobId) });
          }}
          cancelLabel={messages.pipeline.cancel}
        />
      ) : null}
    </div>
  );
}
