import { Download } from 'lucide-react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import type { DataExport } from '@shared/schemas/privacy.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useRequestExport } from '../api/privacy.ts';
import { PrivacySection } from './privacy-section.tsx';

const text = messages.privacy;
const date = (iso: string) => formatIstDate(new Date(iso));

/** Export: ask for a zip of all one's data; it is prepared in the background and offered for 7 days. */
export function ExportSection({ exports }: { exports: DataExport[] }) {
  const request = useRequestExport();
  const preparing = exports.some((row) => row.status === 'pending');
  return (
    <PrivacySection id="export" title={text.exportTitle} intro={text.exportIntro}>
      <div className="space-y-3">
        <Button
          disabled={request.isPending || preparing}
          onClick={() =>
            request.mutate(undefined, {
              onSuccess: () => toast.success(text.exportRequested),
              onError: (error) => toast.error(errorMessage(error, text.exportFailed)),
            })
          }
        >
          {request.isPending ? text.requestingExport : text.requestExport}
        </Button>
        {exports.length > 0 ? (
          <ul className="divide-y divide-slate-100" aria-live="polite">
            {exports.map((row) => (
              <li key={row.id} data-testid="data-export" className="flex flex-wrap items-center justify-between gap-3 py-2">
                <p className="text-sm text-slate-700">
                  <span className="font-medium text-slate-900">{text.exportStatuses[row.status]}</span> · {fill(text.exportRequestedOn, { date: date(row.created_at) })}
                  {row.status === 'ready' && row.expires_at ? ` · ${fill(text.exportAvailableUntil, { date: date(row.expires_at) })}` : ''}
                </p>
                {row.status === 'ready' ? (
                  <Button asChild variant="outline" size="sm">
                    <a href={`/api/privacy/exports/${row.id}/download`} download>
                      <Download className="size-4" aria-hidden="true" />
                      {text.downloadExport}
                    </a>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </PrivacySection>
  );
}
