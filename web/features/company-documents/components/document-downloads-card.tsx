import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useDocumentDownloads } from '../api/company-documents.ts';

const text = messages.companyDocuments;
const typeLabels = messages.candidate.documents.typeLabels;

/** The candidate's data-access log for their documents (issue 17): who downloaded which, and when. */
export function DocumentDownloadsCard() {
  const downloads = useDocumentDownloads();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>{text.downloadsTitle}</CardTitle>
        <CardDescription>{text.downloadsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {downloads.isPending ? (
          <Spinner />
        ) : downloads.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(downloads.error, text.loadFailed)}
          </p>
        ) : downloads.data.length === 0 ? (
          <p className="text-sm text-slate-600">{text.downloadsNone}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {downloads.data.map((row) => (
              <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="text-slate-800">{fill(text.downloadedBy, { who: row.company_name ?? text.verificationTeam, document: typeLabels[row.document_type].toLowerCase() })}</span>
                <time dateTime={row.downloaded_at} className="text-slate-600">
                  {formatIstDate(new Date(row.downloaded_at))}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
