import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { documentTypes } from '@shared/options.ts';
import { can } from '@shared/permissions.ts';
import { documentStatuses, type CompanyDocument, type DocumentStatus } from '@shared/schemas/company-documents.ts';
import type { DocumentType } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { CompanyLettersCard } from '@web/features/letters/components/company-letters-card.tsx';
import { SelectField } from '@web/components/ui/select-field.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { useCompanyDocuments } from '../api/company-documents.ts';

const text = messages.companyDocuments;
const typeLabels = messages.candidate.documents.typeLabels;
const statusTone: Record<DocumentStatus, string> = {
  verified: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  in_review: 'bg-sky-50 text-sky-900 ring-sky-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  unchecked: 'bg-slate-50 text-slate-700 ring-slate-200',
};

/** /dashboard/documents for a company (issue 17): its applicants' documents, to filter and download. */
export function CompanyDocumentsPage() {
  usePageMeta(`${text.pageTitle} · WorkCred`, text.pageDescription);
  const me = useMe().data;
  const allowed = !me?.user.company_id || can(me.user.company_role, 'documents.view');
  const canIssue = Boolean(me?.user.company_id) && can(me?.user.company_role, 'letters.issue');
  return (
    <div className="mx-auto flex max-w-5xl min-w-0 flex-col gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.pageTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">{text.pageDescription}</p>
      </div>
      {allowed ? (
        <>
          <CandidateDocumentsCard />
          {canIssue ? <CompanyLettersCard /> : null}
        </>
      ) : (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          {text.notAllowed}
        </p>
      )}
    </div>
  );
}

function CandidateDocumentsCard() {
  const id = useId();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<DocumentType | ''>('');
  const [status, setStatus] = useState<DocumentStatus | ''>('');
  const q = useDebouncedValue(search.trim(), 300);
  const documents = useCompanyDocuments({ ...(q ? { q } : {}), ...(type ? { type } : {}), ...(status ? { status } : {}) });
  const rows = documents.data?.pages.flatMap((page) => page.documents) ?? [];
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-4">
        <CardTitle>{text.candidateDocumentsTitle}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField id={`${id}-q`} label={text.searchLabel} placeholder={text.searchPlaceholder} value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} />
          <SelectField id={`${id}-type`} label={text.typeLabel} value={type} onChange={(event) => setType(event.target.value as DocumentType | '')}>
            <option value="">{text.allTypes}</option>
            {documentTypes.map((one) => (
              <option key={one} value={one}>
                {typeLabels[one]}
              </option>
            ))}
          </SelectField>
          <SelectField id={`${id}-status`} label={text.statusLabel} value={status} onChange={(event) => setStatus(event.target.value as DocumentStatus | '')}>
            <option value="">{text.allStatuses}</option>
            {documentStatuses.map((one) => (
              <option key={one} value={one}>
                {text.statuses[one]}
              </option>
            ))}
          </SelectField>
        </div>
        {documents.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={text.loading} />
          </div>
        ) : documents.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            {errorMessage(documents.error, text.loadFailed)}
            <Button variant="outline" size="sm" onClick={() => void documents.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-600">{text.none}</p>
        ) : (
          <DocumentsTable rows={rows} />
        )}
        {documents.hasNextPage ? (
          <Button variant="outline" className="self-center" disabled={documents.isFetchingNextPage} onClick={() => void documents.fetchNextPage()}>
            {text.loadMore}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DocumentsTable({ rows }: { rows: CompanyDocument[] }) {
  const columns = text.columns;
  return (
    <div tabIndex={0} role="group" aria-label={text.candidateDocumentsTitle} className="relative overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className="w-full min-w-max text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              {columns.candidate}
            </th>
            <th scope="col" className="px-3 py-2">
              {columns.document}
            </th>
            <th scope="col" className="px-3 py-2">
              {columns.uploaded}
            </th>
            <th scope="col" className="px-3 py-2">
              {columns.status}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              <span className="sr-only">{columns.download}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {row.candidate_name}
              </th>
              <td className="px-3 py-2 text-slate-700">{typeLabels[row.document_type]}</td>
              <td className="px-3 py-2 text-slate-700">{formatIstDate(new Date(row.uploaded_at))}</td>
              <td className="px-3 py-2">
                <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${statusTone[row.status]}`}>{text.statuses[row.status]}</span>
              </td>
              <td className="px-3 py-2 text-right">
                <a
                  href={row.url}
                  download
                  aria-label={fill(text.downloadNamed, { document: typeLabels[row.document_type], name: row.candidate_name })}
                  className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Download className="size-4" aria-hidden="true" />
                  {text.download}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
