/** /dashboard/interviews: the company's interviews, upcoming first (placeholder until its feature lands). */
export function InterviewsPage() {
  return null;
}
