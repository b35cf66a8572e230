import { useId, useRef, useState } from 'react';
import { Building2 } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { COMPANY_LIMITS, type CompanySettings } from '@shared/schemas/company-settings.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useLogo } from '../api/company-settings.ts';

const text = messages.settings;

/** The company logo: a preview, Upload or Replace (PNG, JPEG or WebP up to 2 MB), and Remove. */
export function LogoField({ settings }: { settings: CompanySettings }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const logo = useLogo();
  const [error, setError] = useState<string>();

  const send = async (file: File | null) => {
    setError(undefined);
    if (file && file.size > COMPANY_LIMITS.logoBytes) return setError(text.logoTooLarge);
    try {
      await logo.mutateAsync(file);
      toast.success(file ? text.logoSaved : text.logoRemoved);
    } catch (failure) {
      setError(errorMessage(failure, messages.auth.unexpected));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    // relative: the visually hidden file input is placed against this box; otherwise choosing a file scrolled the whole page.
    <div className="relative flex flex-wrap items-center gap-4">
      <div className="flex size-20 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        {settings.logo_url ? <img src={settings.logo_url} alt={fill(text.logoAlt, { company: settings.name })} className="size-full object-contain" /> : <Building2 className="size-8 text-slate-400" aria-hidden="true" />}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <p id={`${id}-label`} className="text-sm font-medium text-slate-900">
          {text.logoLabel}
        </p>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {text.logoHint}
        </p>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void send(file);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={logo.isPending} onClick={() => input.current?.click()}>
            {logo.isPending ? text.logoUploading : settings.logo_url ? text.logoReplace : text.logoUpload}
          </Button>
          {settings.logo_url ? (
            <Button type="button" variant="outline" size="sm" className="text-red-700" disabled={logo.isPending} onClick={() => void send(null)}>
              {text.logoRemove}
            </Button>
          ) : null}
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </div>
  );
}
