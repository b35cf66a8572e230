/** /dashboard/jobs/:jobId/pipeline: the job's pipeline, a board by stage and a list (placeholder until its feature lands). */
export function PipelinePage() {
  return null;
}
