/** /dashboard/candidates: Handpick, search over the company's applicants (placeholder until its feature lands). */
export function CandidateSearchPage() {
  return null;
}
