/** The candidate's upcoming interviews, on their dashboard (placeholder until its feature lands). */
export function CandidateInterviewsCard() {
  return null;
}
