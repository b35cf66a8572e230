import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { companyRoleLabels } from '@shared/permissions.ts';
import type { InvitePreview } from '@shared/schemas/team.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { AuthLayout, AuthNotice } from '@web/features/auth/components/auth-layout.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { meQueryKey, useMe } from '@web/lib/session/get-me.ts';
import { signOut } from '@web/lib/session/sign-out.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { acceptInvite, lookupInvite, requestNewInvite } from '../api/join.ts';

const text = messages.team;

/**
 * /join#<token>: accepting a team invite. The token stays in the fragment (never sent in a URL);
 * a new person sets a name and password, an existing account signs in first, and a dead link says
 * why and offers to ask for a new one.
 */
export function JoinPage() {
  const token = useLocation().hash.replace(/^#/, '');
  const invite = useQuery({ queryKey: ['invite', token], queryFn: () => lookupInvite(token), enabled: token.length > 0, retry: false, staleTime: Infinity });
  usePageMeta(invite.data ? fill(text.joinTitle, { company: invite.data.company_name }) : text.joinLoading, text.joinNewAccount);

  if (!token) return <AuthNotice heading={text.joinInvalid} body={text.joinMissingToken} />;
  if (invite.isPending) return <FullPageSpinner />;
  if (invite.isError) return <AuthNotice heading={text.joinInvalid} body={errorMessage(invite.error, messages.auth.unexpected)} />;
  const preview = invite.data;
  const heading = fill(text.joinTitle, { company: preview.company_name });
  const role = companyRoleLabels[preview.company_role];
  const lead = preview.inviter_name ? fill(text.joinInvitedAs, { inviter: preview.inviter_name, email: preview.email, role }) : fill(text.joinInvitedAsNoInviter, { email: preview.email, role });

  return (
    <AuthLayout heading={heading} subtitle={lead}>
      {preview.state === 'pending' ? <PendingInvite token={token} preview={preview} /> : <DeadInvite token={token} preview={preview} />}
    </AuthLayout>
  );
}


function DeadInvite({ token, preview }: { token: string; preview: InvitePreview }) {
  const [asked, setAsked] = useState(false);
  const [error, setError] = useState<string>();
  const reason = preview.state === 'expired' ? text.joinExpired : preview.state === 'revoked' ? text.joinRevoked : text.joinUsed;
  const ask = async () => {
    try {
      await requestNewInvite(token);
      setAsked(true);
    } catch (failure) {
      setError(errorMessage(failure, messages.auth.unexpected));
    }
  };
  return (
    <div className="space-y-4">
      <p role="alert" className="font-medium text-slate-900">
        {reason}
      </p>
      {preview.state === 'accepted' ? (
        <Link to="/auth" className="text-sm font-medium text-brand-700 hover:underline">
          {messages.auth.signInButton}
        </Link>
      ) : asked ? (
        <p role="status" className="text-sm text-slate-700">
          {fill(text.joinAskedNew, { company: preview.company_name })}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{text.joinAskNewHint}</p>
          <FieldError id="ask-new-error" message={error} />
          <Button type="button" onClick={() => void ask()}>
            {text.joinAskNew}
          </Button>
        </>
      )}
    </div>
  );
}

function PendingInvite({ token, preview }: { token: string; preview: InvitePreview }) {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const join = async (body: { full_name?: string; password?: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await acceptInvite({ token, ...body });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success(fill(text.joined, { company: preview.company_name }));
      await navigate('/dashboard', { replace: true });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : messages.auth.unexpected);
      setBusy(false);
    }
  };

  if (me.isPending) return <FullPageSpinner />;
  const signedIn = me.data?.user;
  if (signedIn) {
    if (signedIn.email.toLowerCase() !== preview.email) {
      return (
        <div className="space-y-4">
          <p role="alert" className="text-sm text-slate-700">
            {fill(text.joinWrongAccount, { current: signedIn.email, email: preview.email })}
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              void signOut().then(() => {
                queryClient.setQueryData(meQueryKey, null);
              })
            }
          >
            {text.joinSignOutButton}
          </Button>
        </div>
      );
    }
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{fill(text.joinAsExisting, { email: signedIn.email })}</p>
        <FieldError id="join-error" message={error} />
        <Button type="button" className="w-full" disabled={busy} onClick={() => void join({})}>
          {busy ? text.joinJoining : fill(text.joinSubmit, { company: preview.company_name })}
        </Button>
      </div>
    );
  }
  if (preview.has_account) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{fill(text.joinSignIn, { email: preview.email })}</p>
        <Button asChild className="w-full">
          <Link to="/auth" state={{ from: `/join#${token}` }}>
            {text.joinSignInButton}
          </Link>
        </Button>
      </div>
    );
  }
  return <NewAccountForm company={preview.company_name} email={preview.email} busy={busy} error={error} onSubmit={(body) => void join(body)} />;
}

function NewAccountForm({ company, email, busy, error, onSubmit }: { company: string; email: string; busy: boolean; error: string | undefined; onSubmit: (body: { full_name: string; password: string }) => void }) {
  const id = useId();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [nameError, setNameError] = useState<string>();
  return (
    <form
      noValidate
      className="space-y-4"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!fullName.trim()) return setNameError(text.fullNameRequired);
        setNameError(undefined);
        onSubmit({ full_name: fullName.trim(), password });
      }}
    >
      <p className="text-sm text-slate-600">{text.joinNewAccount}</p>
      <TextField id={`${id}-email`} label={text.inviteEmailLabel} value={email} readOnly autoComplete="username" />
      <TextField id={`${id}-name`} label={text.joinFullNameLabel} value={fullName} onChange={(event) => setFullName(event.target.value)} autoComplete="name" required error={nameError} />
      <TextField
        id={`${id}-password`}
        type="password"
        label={text.joinPasswordLabel}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="new-password"
        required
        error={error}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? text.joinJoining : fill(text.joinSubmit, { company })}
      </Button>
    </form>
  );
}
