import { useId, useState } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { fill } from '@shared/fill.ts';
import { scorecardsMessages as text } from '@shared/messages/scorecards.ts';
import { putScorecardTemplateBodySchema, SCORECARD_LIMITS, type ScorecardTemplate } from '@shared/schemas/scorecards.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { useSaveScorecardTemplate, useScorecardTemplate } from '../api/scorecard-template.ts';

interface Row {
  /** A stable key while rows move. */
  key: number;
  name: string;
  guidance: string;
}

function TemplateForm({ jobId, template, onDone }: { jobId: string; template: ScorecardTemplate; onDone: () => void }) {
  const id = useId();
  const save = useSaveScorecardTemplate(jobId);
  const [rows, setRows] = useState<Row[]>(() => template.criteria.map((criterion, index) => ({ key: index, name: criterion.name, guidance: criterion.guidance ?? '' })));
  const [nextKey, setNextKey] = useState(template.criteria.length);
  const [error, setError] = useState<string | null>(null);

  const update = (key: number, patch: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setError(null);
  };
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });

  async function submit() {
    const parsed = putScorecardTemplateBodySchema.safeParse({ criteria: rows.map(({ name, guidance }) => ({ name, guidance })) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? text.templateCount);
    try {
      await save.mutateAsync({ criteria: rows.map(({ name, guidance }) => ({ name, guidance })) });
      toast.success(text.templateSaved);
      onDone();
    } catch (failure) {
      const reason = errorMessage(failure, '');
      toast.error(text.templateSaveFailed, reason ? { description: reason } : undefined);
    }
  }

  return (
    <form
      className="mt-4 space-y-4"
      noValidate
      data-testid="scorecard-template-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {template.is_default ? <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{text.templateDefaultNote}</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const number = String(index + 1);
          return (
            <li key={row.key} className="space-y-2 rounded-lg border border-slate-200 p-3">
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-n${row.key}`}>{fill(text.criterionName, { number })}</Label>
                <Input id={`${id}-n${row.key}`} value={row.name} maxLength={SCORECARD_LIMITS.criterionName} onChange={(event) => update(row.key, { name: event.currentTarget.value })} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-g${row.key}`}>{fill(text.criterionGuidance, { number })}</Label>
                <Input
                  id={`${id}-g${row.key}`}
                  value={row.guidance}
                  placeholder={text.guidancePlaceholder}
                  maxLength={SCORECARD_LIMITS.guidance}
                  onChange={(event) => update(row.key, { guidance: event.currentTarget.value })}
                />
              </div>
              <div className="flex flex-wrap justify-end gap-1">
                <Button type="button" variant="ghost" size="icon" disabled={index === 0} onClick={() => move(index, -1)} aria-label={fill(text.moveUp, { number })}>
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
                <Button type="button" variant="ghost" size="icon" disabled={index === rows.length - 1} onClick={() => move(index, 1)} aria-label={fill(text.moveDown, { number })}>
                  <ArrowDown className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  disabled={rows.length <= SCORECARD_LIMITS.minCriteria}
                  onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                  aria-label={fill(text.removeCriterion, { number })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {rows.length < SCORECARD_LIMITS.maxCriteria ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            setRows((current) => [...current, { key: nextKey, name: '', guidance: '' }]);
            setNextKey((key) => key + 1);
          }}
        >
          <Plus className="size-4" aria-hidden="true" />
          {text.addCriterion}
        </Button>
      ) : null}
      <FieldError id={`${id}-error`} message={error ?? undefined} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.templateSaving : text.templateSave}
        </Button>
      </div>
    </form>
  );
}

/** Scorecard on a job's card (issue 36 §4): the ordered criteria its interviewers rate 1–4. */
export function ScorecardTemplateDialog({ job, open, onOpenChange }: { job: { id: string; title: string }; open: boolean; onOpenChange: (open: boolean) => void }) {
  const template = useScorecardTemplate(job.id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogTitle>{text.templateTitle}</DialogTitle>
        <DialogDescription>{text.templateDescription}</DialogDescription>
        {template.data ? (
          <TemplateForm key={template.dataUpdatedAt} jobId={job.id} template={template.data} onDone={() => onOpenChange(false)} />
        ) : template.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {text.templateLoadFailed}
          </p>
        ) : (
          <div className="mt-6 flex justify-center">
            <Spinner className="size-6" label={text.templateTitle} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
