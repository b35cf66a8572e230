import { withArticle } from '@shared/english.ts';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { holdingKeys, type Disclosure, type PrivacyOverview } from '@shared/schemas/privacy.ts';
import { fill } from '@web/lib/fill.ts';
import { PrivacySection } from './privacy-section.tsx';

const text = messages.privacy;
const inSentence = messages.verification.subjectsInSentence;

function describe(disclosure: Disclosure): string {
  const detail = disclosure.detail ?? '';
  if (disclosure.kind === 'application') return fill(text.disclosureKinds.application, { job: detail });
  if (disclosure.kind === 'document_download') return fill(text.disclosureKinds.document_download, { document: inSentence[detail] ?? detail });
  if (disclosure.kind === 'check_request') return fill(text.disclosureKinds.check_request, { check: withArticle(inSentence[detail] ?? detail) });
  return text.disclosureKinds[disclosure.kind];
}

/** Access: what WorkCred holds about the person, and every organisation it was disclosed to. */
export function DataSection({ overview }: { overview: PrivacyOverview }) {
  return (
    <>
      <PrivacySection id="holdings" title={text.holdingsTitle} intro={text.holdingsIntro}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {holdingKeys.map((key) => {
            const count = overview.holdings[key] ?? 0;
            return (
              <div key={key} className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-1.5">
                <dt className="text-sm text-slate-700">{text.holdings[key]}</dt>
                <dd className="text-sm font-medium text-slate-900 tabular-nums">{count === 0 ? text.notHeld : key === 'account' || key === 'uan' || key === 'profile' ? text.held : count}</dd>
              </div>
            );
          })}
        </dl>
      </PrivacySection>

      <PrivacySection id="disclosures" title={text.disclosuresTitle} intro={text.disclosuresIntro}>
        {overview.disclosures.length === 0 ? (
          <p className="text-sm text-slate-600">{text.disclosuresEmpty}</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="privacy-disclosures">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {text.organisationColumn}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {text.whatColumn}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {text.whenColumn}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {overview.disclosures.map((disclosure, index) => (
                  <tr key={`${disclosure.kind}-${disclosure.at}-${index}`} data-testid="disclosure">
                    <td className="py-2 pr-4 font-medium text-slate-900">{disclosure.organisation ?? text.verificationTeam}</td>
                    <td className="py-2 pr-4 text-slate-700">{describe(disclosure)}</td>
                    <td className="py-2 whitespace-nowrap text-slate-700">
                      <time dateTime={disclosure.at}>{formatIstDate(new Date(disclosure.at))}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PrivacySection>
    </>
  );
}
