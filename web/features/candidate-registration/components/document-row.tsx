import { useId, useRef, useState, type ChangeEvent } from 'react';
import { format } from 'date-fns';
import { FileCheck2, FileUp, FileX2 } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { CandidateDocument, DocumentType } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { fileSizeText } from '@web/lib/file-size.ts';
import { useUploadDocument } from '../api/upload-document.ts';
import { documentProblem } from '../lib/check-document.ts';

const text = messages.candidate.documents;

/** Why an upload failed, in the spec's words: "Error uploading {type}: {message}". */
function failureText(type: string, error: unknown): string {
  if (isApiError(error, 401)) return text.signInRequired;
  const reason = isApiError(error) && error.status < 500 && error.message ? error.message : text.uploadFailed;
  return fill(text.uploadError, { type, message: reason });
}

/**
 * One document type: what is uploaded (name, size, date, View), and a PDF picker that uploads as
 * soon as a file is chosen, with its progress. Choosing again replaces the earlier file.
 */
export function DocumentRow({ type, document }: { type: DocumentType; document: CandidateDocument | undefined }) {
  const id = useId();
  const label = text.typeLabels[type];
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument(type);
  const [problem, setProblem] = useState<string | null>(null);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it, say) still uploads.
    event.target.value = '';
    if (!file || upload.isPending) return;
    const refused = documentProblem(file);
    if (refused) {
      const message = fill(text.uploadError, { type: label, message: refused });
      setProblem(message);
      toast.error(message);
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => toast.success(fill(text.uploaded, { type: label })),
      onError: (error) => {
        if (!isApiError(error)) console.error(`Uploading the ${type} failed`, error);
        const message = failureText(label, error);
        setProblem(message);
        toast.error(message);
      },
    });
  };

  const percent = Math.round(upload.progress * 100);
  const state = upload.isPending ? 'uploading' : document ? 'uploaded' : 'empty';
  const Icon = document ? FileCheck2 : problem ? FileX2 : FileUp;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid={`document-${type}`} data-state={state} aria-busy={upload.isPending}>
      <div className="flex min-w-0 items-start gap-3">
        <Icon className={document ? 'mt-0.5 size-5 shrink-0 text-brand-600' : 'mt-0.5 size-5 shrink-0 text-slate-400'} aria-hidden="true" />
        <div className="min-w-0">
          <p id={`${id}-label`} className="text-sm font-medium text-slate-900">
            {label}
          </p>
          {upload.isPending ? (
            <div className="mt-1.5 w-48 max-w-full">
              <div
                role="progressbar"
                aria-labelledby={`${id}-label`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={fill(messages.candidate.flow.uploadProgress, { type: label, percent: String(percent) })}
                className="h-1.5 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-500">{fill(messages.candidate.flow.uploadProgress, { type: label, percent: String(percent) })}</p>
            </div>
          ) : document ? (
            <p className="text-xs text-slate-500" data-testid={`document-${type}-name`}>
              <span className="font-medium wrap-anywhere text-slate-700">{document.original_name ?? `${label}.pdf`}</span> · {fileSizeText(document.size_bytes)} ·{' '}
              {fill(messages.candidate.flow.uploadedOn, { date: format(new Date(document.created_at), 'd MMM yyyy') })}
            </p>
          ) : (
            <p className="text-xs text-slate-500">{text.notUploaded}</p>
          )}
          {problem ? (
            <p role="alert" className="mt-1 text-sm text-red-600" data-testid={`document-${type}-error`}>
              {problem}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2 pl-8 sm:pl-0">
        {document ? (
          <Button asChild variant="ghost" size="sm">
            <a href={document.url} target="_blank" rel="noopener" aria-label={`${text.view} ${label}`}>
              {text.view}
            </a>
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending} aria-label={`${document ? text.replace : text.choose}: ${label}`}>
          {upload.isPending ? text.uploading : document ? text.replace : text.choose}
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          tabIndex={-1}
          aria-label={fill(messages.candidate.flow.fileInputLabel, { type: label })}
          data-testid={`document-input-${type}`}
          onChange={onPick}
        />
      </div>
    </li>
  );
}
