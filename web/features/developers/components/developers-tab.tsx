import { formatIstDate } from '@shared/gst.ts';
import { formatIstTime } from '@shared/schemas/interviews.ts';
import { developersMessages as text } from '@shared/messages/developers.ts';
import type { ApiKey } from '@shared/schemas/api-keys.ts';
import { fill } from '@web/lib/fill.ts';
import { SettingsSection } from '@web/features/settings/components/settings-section.tsx';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys.ts';
import { CreateKeyDialog } from './create-key-dialog.tsx';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

const dateOf = (value: string | null, otherwise: string) => (value ? formatIstDate(new Date(value)) : otherwise);
/** Last used to the minute (it is recorded at most once a minute): a date alone did not change all day. */
const timeOf = (value: string | null, otherwise: string) => (value ? `${formatIstDate(new Date(value))}, ${formatIstTime(value)}` : otherwise);

/** Settings → Developers (issue 16): the company's API keys and webhooks. Owners and admins. */
export function DevelopersTab() {
  return (
    <div className="space-y-6">
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}

function ApiKeysSection() {
  const keys = useApiKeys();
  return (
    <SettingsSection title={text.heading} intro={text.intro} state={keys.status} onRetry={() => void keys.refetch()}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CreateKeyDialog />
          <a href="/developers" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            {text.docsLink}
          </a>
        </div>
        {keys.data && keys.data.keys.length === 0 ? <p className="text-sm text-slate-600">{text.empty}</p> : null}
        {keys.data && keys.data.keys.length > 0 ? <KeysTable keys={keys.data.keys} /> : null}
      </div>
    </SettingsSection>
  );
}

function KeysTable({ keys }: { keys: ApiKey[] }) {
  const c = text.columns;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{text.tableLabel}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {c.name}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
              {c.scopes}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-semibold md:table-cell">
              {c.createdBy}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
              {c.lastUsed}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
              {c.expires}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              <span className="sr-only">{c.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {keys.map((key) => (
            <tr key={key.id} className={key.status === 'active' ? undefined : 'text-slate-500'}>
              <td className="px-3 py-2 align-top">
                <span className="font-medium text-slate-900">{key.name}</span>
                <span className="block font-mono text-xs text-slate-600">{key.prefix}…</span>
                {/* On a phone the scopes go under the name. */}
                <span className="mt-1 block text-xs break-words text-slate-600 sm:hidden">{key.scopes.join(', ')}</span>
              </td>
              <td className="hidden px-3 py-2 align-top sm:table-cell">
                <span className="block max-w-56 text-xs break-words">{key.scopes.join(', ')}</span>
              </td>
              <td className="hidden px-3 py-2 align-top md:table-cell">{key.created_by ?? '—'}</td>
              <td className="hidden px-3 py-2 align-top whitespace-nowrap sm:table-cell">{timeOf(key.last_used_at, text.notUsed)}</td>
              <td className="hidden px-3 py-2 align-top whitespace-nowrap sm:table-cell">{dateOf(key.expires_at, text.never)}</td>
              <td className="px-3 py-2 text-right align-top">
                {key.status === 'active' ? (
                  <RevokeButton apiKey={key} />
                ) : (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{key.status === 'revoked' ? text.statusRevoked : text.statusExpired}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RevokeButton({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmButton
      cancelLabel={text.cancel}
      label={text.revoke}
      ariaLabel={`${text.revoke} ${apiKey.name}`}
      title={fill(text.revokeTitle, { name: apiKey.name })}
      body={text.revokeBody}
      action={text.revoke}
      destructive
      done={text.revoked}
      onConfirm={async () => {
        await revoke.mutateAsync(apiKey.id);
      }}
    />
  );
}
