import { messages } from '@shared/messages.ts';
import { PIPELINE_LIMITS } from '@shared/schemas/pipeline.ts';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { fill } from '@web/lib/fill.ts';

/** A note or reason (at most PIPELINE_LIMITS.note characters), for a move or a rejection. */
export function NoteField({ id, label, value, onChange, placeholder }: { id: string; label: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  const tooLong = value.length > PIPELINE_LIMITS.note ? fill(messages.pipeline.noteTooLong, { max: String(PIPELINE_LIMITS.note) }) : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={tooLong ? `${id}-error` : undefined}
        className="block min-h-20 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500"
      />
      <FieldError id={`${id}-error`} message={tooLong} />
    </div>
  );
}
