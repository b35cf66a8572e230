import { useState, type CSSProperties } from 'react';
import { CalendarDays, X } from 'lucide-react';
import { format, parse } from 'date-fns';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { cn } from '@web/lib/cn.ts';

/** The value travels as YYYY-MM-DD (what the API takes); people read DD MMM YYYY (24 Nov 2026). */
const ISO = 'yyyy-MM-dd';
export const DISPLAY_DATE = 'dd MMM yyyy';
/** The day an ISO date names, or undefined for an empty or malformed one. */
function toDate(iso: string | undefined): Date | undefined {
  if (!iso) return undefined;
  const day = parse(iso, ISO, new Date());
  return Number.isNaN(day.getTime()) ? undefined : day;
}

interface DatePickerProps {
  id: string;
  label: string;
  value: string;
  onChange: (iso: string) => void;
  placeholder: string;
  /** The first day that may be chosen (YYYY-MM-DD); earlier days are disabled. */
  min?: string;
  error?: string;
  clearLabel: string;
}

/**
 * A calendar in a popover (react-day-picker, as shadcn's Calendar), opened from a button that
 * shows the chosen date or the placeholder. Keyboard: Enter opens it, arrows move between days,
 * Enter picks, Escape closes and returns focus to the button.
 */
export function DatePicker({ id, label, value, onChange, placeholder, min, error, clearLabel }: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = toDate(value);
  const described = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
          <PopoverPrimitive.Trigger
            id={id}
            type="button"
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className={cn(
              'flex h-10 w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-left text-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none sm:w-64',
              error && 'border-red-500',
            )}
          >
            <CalendarDays className="size-4 text-slate-500" aria-hidden="true" />
            <span className={selected ? 'text-slate-900' : 'text-slate-500'}>{selected ? format(selected, DISPLAY_DATE) : placeholder}</span>
          </PopoverPrimitive.Trigger>
          <PopoverPrimitive.Portal>
            <PopoverPrimitive.Content align="start" sideOffset={4} className="z-50 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
              <DayPicker
                mode="single"
                autoFocus
                selected={selected}
                defaultMonth={selected ?? toDate(min)}
                disabled={min ? { before: toDate(min) ?? new Date() } : undefined}
                onSelect={(day) => {
                  onChange(day ? format(day, ISO) : '');
                  setOpen(false);
                }}
                style={{ '--rdp-accent-color': 'var(--color-brand-700)', '--rdp-accent-background-color': 'var(--color-brand-50)', '--rdp-day-width': '2.5rem', '--rdp-day-height': '2.5rem', '--rdp-day_button-width': '2.375rem', '--rdp-day_button-height': '2.375rem' } as CSSProperties}
              />
            </PopoverPrimitive.Content>
          </PopoverPrimitive.Portal>
        </PopoverPrimitive.Root>
        {selected ? (
          <button type="button" onClick={() => onChange('')} aria-label={clearLabel} className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
