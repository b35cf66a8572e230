import { useEffect, useState, type ComponentProps } from 'react';
import { Input } from '@web/components/ui/input.tsx';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';

interface DebouncedInputProps extends Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> {
  value: string;
  /** Called once typing has paused for delayMs with a value different from `value`. */
  onCommit: (value: string) => void;
  delayMs?: number;
}

/**
 * A text box that reports what was typed after a pause (a search runs per pause, not per key).
 * A new `value` from outside (Back, a saved search, Clear) replaces what is in the box.
 */
export function DebouncedInput({ value, onCommit, delayMs = 400, ...props }: DebouncedInputProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const settled = useDebouncedValue(draft, delayMs);
  useEffect(() => {
    // Only a value the user stopped on: right after an outside change, `settled` is still the old text.
    if (settled === draft && settled !== value) onCommit(settled);
  }, [settled, draft, value, onCommit]);
  return <Input value={draft} onChange={(event) => setDraft(event.target.value)} {...props} />;
}
