/** The interviews of one application, shown in the pipeline's application panel (placeholder until interviews land). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function ApplicationInterviews(props: { applicationId: string }) {
  return null;
}
