import { useId, useState, type CSSProperties } from 'react';
import { CalendarDays, X } from 'lucide-react';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { DayPicker } from 'react-day-picker';
// Only the chunks that use a date picker load its styles (Vite splits CSS by chunk).
import 'react-day-picker/style.css';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { cn } from '@web/lib/cn.ts';

/** The value travels as YYYY-MM-DD (what the API takes); people read DD MMM YYYY (24 Nov 2026). */
const ISO = 'yyyy-MM-dd';
export const DISPLAY_DATE = 'dd MMM yyyy';

/** Midnight of the day an ISO date names, in the zone (or the browser's own); undefined if empty or malformed. */
function toDate(iso: string | undefined, timeZone: string | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = timeZone ? TZDate.tz(timeZone, year, month, day) : new Date(year, month, day);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const dayPickerStyle = {
  '--rdp-accent-color': 'var(--color-brand-700)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-today-color': 'var(--color-brand-700)',
  '--rdp-day-width': '2.5rem',
  '--rdp-day-height': '2.5rem',
  '--rdp-day_button-width': '2.375rem',
  '--rdp-day_button-height': '2.375rem',
} as CSSProperties;

interface DatePickerProps {
  id: string;
  label: string;
  value: string;
  onChange: (iso: string) => void;
  placeholder: string;
  /** The first day that may be chosen (YYYY-MM-DD); earlier days are disabled and earlier months cannot be shown. */
  min?: string;
  /**
   * The zone whose calendar the dates belong to (e.g. Asia/Kolkata when the server checks "not
   * before today in India"), so "today" and the chosen day agree with it wherever the browser is.
   */
  timeZone?: string;
  error?: string;
  clearLabel: string;
}

/**
 * A calendar in a popover (react-day-picker, as shadcn's Calendar), opened from a button that
 * shows the chosen date or the placeholder; the button's name is the label and that text. Keyboard:
 * Enter or Space opens it on the chosen day (or today), arrows move between days, Page Up/Down
 * between months, Enter picks, Escape closes; focus returns to the button.
 */
export function DatePicker({ id, label, value, onChange, placeholder, min, timeZone, error, clearLabel }: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const selected = toDate(value, timeZone);
  const first = toDate(min, timeZone);
  const described = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <div className="flex items-center gap-2">
        <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
          <PopoverPrimitive.Trigger
            id={id}
            type="button"
            aria-labelledby={`${labelId} ${valueId}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className={cn(
              'flex h-10 w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-left text-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none sm:w-64',
              error && 'border-red-500',
            )}
          >
            <CalendarDays className="size-4 text-slate-500" aria-hidden="true" />
            <span id={valueId} className={selected ? 'text-slate-900' : 'text-slate-500'}>
              {selected ? format(selected, DISPLAY_DATE) : placeholder}
            </span>
          </PopoverPrimitive.Trigger>
          <PopoverPrimitive.Portal>
            <PopoverPrimitive.Content
              aria-label={label}
              align="start"
              sideOffset={4}
              collisionPadding={8}
              // The popover would focus its first button (next month); the calendar's own focus target
              // (the chosen day, else today, else the first day that may be chosen) is where arrows start.
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('.rdp-day_button[tabindex="0"]')?.focus();
              }}
              // A control the calendar has just replaced (a month button, as the month changes) is no
              // longer in the page; an event from it is not from outside.
              onInteractOutside={(event) => {
                const target = event.target as Node | null;
                if (target && !target.isConnected) event.preventDefault();
              }}
              className="z-50 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
            >
              <DayPicker
                mode="single"
                // Choosing the chosen day again keeps it (the clear button empties the field).
                required
                timeZone={timeZone}
                selected={selected}
                defaultMonth={selected ?? first}
                startMonth={first}
                disabled={first ? { before: first } : undefined}
                onSelect={(day) => {
                  onChange(day ? format(day, ISO) : '');
                  setOpen(false);
                }}
                style={dayPickerStyle}
              />
            </PopoverPrimitive.Content>
          </PopoverPrimitive.Portal>
        </PopoverPrimitive.Root>
        {selected ? (
          <button
            type="button"
            onClick={() => onChange('')}
            aria-label={clearLabel}
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
