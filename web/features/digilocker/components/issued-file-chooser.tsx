import { useState } from 'react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { MAX_IMPORT_DOCUMENTS } from '@shared/schemas/digilocker.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useImportDocuments, useIssuedFiles } from '../api/digilocker.ts';

const text = messages.digilocker;

/** Back from DigiLocker's consent: what the locker holds, to choose from, and Bring. */
export function IssuedFileChooser({ onDone, onReconnect, reconnecting }: { onDone: () => void; onReconnect: () => void; reconnecting: boolean }) {
  const files = useIssuedFiles(true);
  const bring = useImportDocuments();
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (uri: string, on: boolean) => setChosen((current) => (on ? [...current, uri] : current.filter((value) => value !== uri)));

  if (files.isPending) return <Spinner />;
  if (files.isError) {
    return (
      <div role="alert" className="space-y-3 text-sm text-slate-700">
        <p>{errorMessage(files.error, text.loadFailed)}</p>
        <Button variant="outline" onClick={onReconnect} disabled={reconnecting}>
          {reconnecting ? text.connecting : text.connect}
        </Button>
      </div>
    );
  }
  const documents = files.data.documents;
  async function submit() {
    try {
      const result = await bring.mutateAsync(chosen);
      toast.success(fill(text.brought, { names: result.documents.map((document) => document.name).join(', ') }));
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, text.unavailable));
    }
  }
  return (
    <form
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="space-y-3">
        <legend className="font-medium text-slate-900">{text.chooseTitle}</legend>
        <p className="text-sm text-slate-600">{text.chooseHint}</p>
        {documents.length === 0 ? (
          <p className="text-sm text-slate-700">{text.noneIssued}</p>
        ) : (
          <ul className="space-y-2">
            {documents.map((document, index) => {
              const id = `digilocker-file-${index}`;
              return (
                <li key={document.uri} className="flex items-start gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
                    checked={document.brought || chosen.includes(document.uri)}
                    disabled={document.brought || bring.isPending || (!chosen.includes(document.uri) && chosen.length >= MAX_IMPORT_DOCUMENTS)}
                    onChange={(event) => toggle(document.uri, event.target.checked)}
                  />
                  <label htmlFor={id} className="min-w-0 text-sm text-slate-700">
                    <span className="font-medium text-slate-900">{document.name}</span>
                    <span className="block break-words">
                      {document.issuer}
                      {document.date ? `, ${formatIstDate(new Date(`${document.date}T12:00:00+05:30`))}` : ''}
                      {document.brought ? ` · ${text.alreadyBrought}` : ''}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={chosen.length === 0 || bring.isPending}>
          {bring.isPending ? text.bringing : text.bring}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={bring.isPending}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}
