import { companyRoleDescriptions, companyRoleLabels, companyRoles, type CompanyRole } from '@shared/permissions.ts';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { cn } from '@web/lib/cn.ts';

/** The four company roles as radio buttons, each with what it may do; roles the actor may not give are left out. */
export function RolePicker({
  name,
  legend,
  value,
  onChange,
  allowed,
  error,
}: {
  name: string;
  legend: string;
  value: CompanyRole | undefined;
  onChange: (role: CompanyRole) => void;
  allowed: (role: CompanyRole) => boolean;
  error?: string | undefined;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">{legend}</legend>
      {companyRoles.filter(allowed).map((role) => (
        <label
          key={role}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
            value === role ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
          )}
        >
          <input type="radio" name={name} value={role} checked={value === role} onChange={() => onChange(role)} className="mt-0.5 size-4 accent-brand-700" />
          <span>
            <span className="block font-medium text-slate-900">{companyRoleLabels[role]}</span>
            <span className="block text-slate-600">{companyRoleDescriptions[role]}</span>
          </span>
        </label>
      ))}
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}
