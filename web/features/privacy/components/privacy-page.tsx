import { messages } from '@shared/messages.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { usePrivacyOverview } from '../api/privacy.ts';
import { ConsentsSection } from './consents-section.tsx';
import { CorrectionSection } from './correction-section.tsx';
import { DataSection } from './data-section.tsx';
import { ErasureSection } from './erasure-section.tsx';
import { ExportSection } from './export-section.tsx';
import { GrievanceSection } from './grievance-section.tsx';
import { NomineeSection } from './nominee-section.tsx';
import { WhatsappSection } from './whatsapp-section.tsx';

const text = messages.privacy;

/** /dashboard/privacy (candidates): the person's data rights under the DPDP Act in one place. */
export function PrivacyPage() {
  const overview = usePrivacyOverview();
  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="privacy-page">
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.title}</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{text.intro}</p>
      </div>
      {overview.isPending ? (
        <Spinner label={text.title} />
      ) : overview.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(overview.error, text.loadFailed)}
        </p>
      ) : (
        <>
          <WhatsappSection />
          <ConsentsSection consents={overview.data.consents} />
          <DataSection overview={overview.data} />
          <ExportSection exports={overview.data.exports} />
          <CorrectionSection targets={overview.data.correction_targets} />
          <GrievanceSection overview={overview.data} />
          <NomineeSection nominee={overview.data.nominee} />
          <ErasureSection requests={overview.data.requests} />
        </>
      )}
    </div>
  );
}
