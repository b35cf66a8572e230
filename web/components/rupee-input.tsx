import { useState } from 'react';
import { paiseToRupeesText, rupeesToPaise } from '@shared/job-details.ts';
import { TextField } from '@web/components/ui/text-field.tsx';

/**
 * An amount typed in rupees ("12,00,000" or "45000") and held in paise (a job's pay, an offer's
 * CTC components). What cannot be read as rupees is passed on as typed, so the schema names the
 * problem instead of the form dropping it.
 */
export function RupeeInput({ id, label, hint, value, onChange, onBlur, error }: { id: string; label: string; hint?: string; value: unknown; onChange: (value: unknown) => void; onBlur: () => void; error?: string }) {
  const [typed, setTyped] = useState(() => (typeof value === 'number' ? paiseToRupeesText(value) : ''));
  // A value set from outside (the form reset to the job as it is now) shows; one the person typed stays as typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (typeof value === 'number' && rupeesToPaise(typed) !== value) setTyped(paiseToRupeesText(value));
    if (value === null && typed.trim() !== '') setTyped('');
  }
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="off"
      value={typed}
      error={error}
      onBlur={onBlur}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setTyped(next);
        onChange(next.trim() === '' ? null : (rupeesToPaise(next) ?? next));
      }}
    />
  );
}
