import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { siteMessages as messages } from '@shared/messages/site.ts';
import type { PublicJobDetail } from '@shared/schemas/job-detail.ts';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { useJobDetail } from '../api/get-job-detail.ts';
import { JobDetailSkeleton } from './job-detail-skeleton.tsx';
import { JobDetailView } from './job-detail-view.tsx';
import { JobLoadError } from './job-load-error.tsx';
import { JobNotFound } from './job-not-found.tsx';

const text = messages.jobDetail;

/** A meta description from the job: company · location · salary, as the server's link preview, or the job's first words. */
function describe(job: PublicJobDetail): string {
  const parts = [job.company_name, job.location, job.salary].filter(Boolean);
  return parts.length >= 2 ? parts.join(' · ') : job.description.replace(/\s+/g, ' ').trim().slice(0, 160);
}

/** The public job page, /jobs/:jobId (spec point 2). */
export function JobDetailPage() {
  const { jobId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const job = useJobDetail(jobId);

  // Back where the visitor came from; a shared link opened in a new tab has nowhere to go back to, so /jobs.
  const goBack = () => void (location.key === 'default' ? navigate('/jobs') : navigate(-1));
  const missing = job.isError && (isApiError(job.error, 404) || isApiError(job.error, 400));

  const title = job.data ? `${job.data.title} at ${job.data.company_name}` : missing ? text.notFound : 'Job details';
  const description = job.data ? describe(job.data) : text.metaDescriptionFallback;

  return (
    <PublicLayout title={title} description={description}>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <Button variant="ghost" className="mb-4 -ml-3" onClick={goBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {text.back}
        </Button>
        {job.isPending ? (
          <JobDetailSkeleton />
        ) : missing ? (
          <JobNotFound onBack={goBack} />
        ) : job.isError ? (
          <JobLoadError onRetry={() => void job.refetch()} retrying={job.isFetching} />
        ) : (
          <JobDetailView job={job.data} />
        )}
      </div>
    </PublicLayout>
  );
}
