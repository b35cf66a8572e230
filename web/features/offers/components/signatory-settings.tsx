import { useId, useState, type FormEvent } from 'react';
import { offersMessages as text } from '@shared/messages/offers.ts';
import type { LetterSignatory } from '@shared/schemas/offers.ts';
import { Button } from '@web/components/ui/button.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { useLetterSignatory, useSaveLetterSignatory } from '../api/offers.ts';

function SignatoryForm({ saved }: { saved: LetterSignatory }) {
  const id = useId();
  const save = useSaveLetterSignatory();
  const [name, setName] = useState(saved.name);
  const [designation, setDesignation] = useState(saved.designation);
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ name, designation });
      toast.success(text.signatorySaved);
    } catch (error) {
      toast.error(text.signatorySaveFailed, { description: errorMessage(error, '') || undefined });
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-name`} label={text.signatoryName} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        <TextField id={`${id}-designation`} label={text.signatoryDesignation} autoComplete="off" value={designation} onChange={(event) => setDesignation(event.target.value)} />
      </div>
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-800">{text.signatoryAddress}: </span>
        {saved.address ?? text.signatoryNoAddress}
      </p>
      <Button type="submit" disabled={save.isPending}>
        {text.signatorySave}
      </Button>
    </form>
  );
}

/** Settings → Letters: who signs offer letters (the address is the billing profile's). */
export function SignatorySettings() {
  const signatory = useLetterSignatory();
  return (
    <section aria-labelledby="signatory-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="signatory-settings">
      <h4 id="signatory-heading" className="text-base font-semibold text-slate-900">
        {text.signatoryTitle}
      </h4>
      <p className="text-sm text-slate-600">{text.signatoryDescription}</p>
      {signatory.data ? <SignatoryForm saved={signatory.data} /> : null}
    </section>
  );
}
