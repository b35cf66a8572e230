import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import type { ConsentEntry } from '@shared/schemas/privacy.ts';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { fill } from '@web/lib/fill.ts';
import { useWithdrawConsent } from '../api/privacy.ts';
import { PrivacySection } from './privacy-section.tsx';

const text = messages.privacy;
const date = (iso: string) => formatIstDate(new Date(iso));

function consequenceOf(entry: ConsentEntry): string {
  return fill(text.consequences[entry.kind], { company: entry.organisation ?? '' });
}

/** The consent ledger: each consent with its purpose, notice and method; Withdraw says what follows first. */
export function ConsentsSection({ consents }: { consents: ConsentEntry[] }) {
  const withdraw = useWithdrawConsent();
  return (
    <PrivacySection id="consents" title={text.consentsTitle} intro={text.consentsIntro}>
      {consents.length === 0 ? (
        <p className="text-sm text-slate-600">{text.consentsEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {consents.map((entry) => (
            <li key={`${entry.kind}-${entry.ref}-${entry.given_at}`} data-testid="consent" className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium text-slate-900">
                  {text.consentKinds[entry.kind]}
                  {entry.organisation ? <span className="font-normal text-slate-600"> · {entry.organisation}</span> : null}
                </p>
                <p className="text-sm text-slate-700">{entry.purpose}</p>
                <p className="mt-1 text-xs text-slate-600">
                  <time dateTime={entry.given_at}>{fill(text.given, { date: date(entry.given_at) })}</time> · {text.consentMethods[entry.kind]} ·{' '}
                  {entry.notice_version ? fill(text.noticeVersion, { version: entry.notice_version }) : text.noticeUnknown}
                  {entry.withdrawn_at ? (
                    <>
                      {' · '}
                      <time dateTime={entry.withdrawn_at}>{fill(text.withdrawnOn, { date: date(entry.withdrawn_at) })}</time>
                    </>
                  ) : null}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className={entry.withdrawn_at ? 'text-xs font-medium text-slate-600' : 'text-xs font-medium text-emerald-800'}>{entry.withdrawn_at ? text.withdrawn : text.active}</span>
                {entry.withdrawable ? (
                  <ConfirmButton
                    cancelLabel={text.cancel}
                    label={text.withdraw}
                    ariaLabel={`${text.withdraw}: ${text.consentKinds[entry.kind]}${entry.organisation ? `, ${entry.organisation}` : ''}`}
                    title={text.withdrawTitle}
                    body={consequenceOf(entry)}
                    action={text.withdrawConfirm}
                    destructive
                    done={text.withdrawDone}
                    onConfirm={async () => {
                      await withdraw.mutateAsync(entry);
                    }}
                  />
                ) : entry.kind === 'registration' || entry.kind === 'guardian' ? (
                  <span className="text-xs text-slate-600">{text.registrationWithdrawNote}</span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </PrivacySection>
  );
}
