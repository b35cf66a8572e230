import { useId, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { developersMessages as text } from '@shared/messages/developers.ts';
import { apiResources, createApiKeySchema, type ApiResource, type ApiScope, type CreatedApiKey } from '@shared/schemas/api-keys.ts';
import { JOB_TIME_ZONE, todayInIndia } from '@shared/schemas/jobs.ts';
import { DatePicker } from '@web/components/ui/date-picker.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useCreateApiKey } from '../api/api-keys.ts';
import { CreateForm, CreateThenRevealDialog, type CreateFormProps } from './secret-reveal.tsx';
import { submitValidated } from '@web/lib/submit-validated.ts';

/** Candidates are read only: no Write box for them. */
const WRITABLE: Record<ApiResource, boolean> = { jobs: true, applications: true, candidates: false, interviews: true, employees: true };

type Errors = Partial<Record<'name' | 'scopes' | 'expires_on', string>>;

/** "Create API key": name, scopes (read and write per resource), optional expiry; then the secret, once. */
export function CreateKeyDialog() {
  return (
    <CreateThenRevealDialog<CreatedApiKey>
      trigger={{ label: text.createKey, icon: KeyRound }}
      reveal={{ title: text.secretTitle, note: text.secretNote, testId: 'api-key-secret' }}
      form={KeyForm}
    />
  );
}

function KeyForm({ onCreated, onCancel }: CreateFormProps<CreatedApiKey>) {
  const id = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['jobs:read']);
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const toggle = (scope: ApiScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((entry) => entry !== scope)));

  const submit = () =>
    submitValidated({ schema: createApiKeySchema, values: { name, scopes, expires_on: expiresOn || null }, send: create.mutateAsync, onSent: onCreated, setErrors, codes: { EXPIRY_PAST: 'expires_on' } });

  return (
    <CreateForm title={text.createTitle} description={text.intro} submitLabel={text.create} busy={create.isPending} onSubmit={() => void submit()} onCancel={onCancel}>
      <TextField id={`${id}-name`} label={text.nameLabel} placeholder={text.namePlaceholder} maxLength={100} value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors(({ name: _fixed, ...rest }) => rest);
        }}
        error={errors.name}
      />
      <fieldset aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">{text.scopesLegend}</legend>
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="py-1 font-medium">
                <span className="sr-only">{text.scopesLegend}</span>
              </th>
              <th scope="col" className="w-20 py-1 text-center font-medium">
                {text.read}
              </th>
              <th scope="col" className="w-20 py-1 text-center font-medium">
                {text.write}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {apiResources.map((resource) => (
              <tr key={resource}>
                <th scope="row" className="py-2 text-left font-normal text-slate-900">
                  {text.resources[resource]}
                </th>
                {(['read', 'write'] as const).map((access) => {
                  const scope = `${resource}:${access}` as ApiScope;
                  if (access === 'write' && !WRITABLE[resource]) return <td key={access} />;
                  return (
                    <td key={access} className="py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        aria-label={`${text.resources[resource]}: ${access === 'read' ? text.read : text.write}`}
                        checked={scopes.includes(scope)}
                        onChange={(event) => {
                          toggle(scope, event.target.checked);
                          setErrors(({ scopes: _fixed, ...rest }) => rest);
                        }}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <FieldError id={`${id}-scopes-error`} message={errors.scopes} />
      </fieldset>
      <DatePicker
        id={`${id}-expires`}
        label={text.expiryLabel}
        placeholder={text.expiryPlaceholder}
        clearLabel={text.expiryClear}
        min={todayInIndia()}
        timeZone={JOB_TIME_ZONE}
        value={expiresOn}
        onChange={setExpiresOn}
        error={errors.expires_on}
      />
    </CreateForm>
  );
}
