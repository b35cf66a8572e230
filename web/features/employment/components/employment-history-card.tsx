/** The candidate's verified employment history, who it is shared with and who viewed it (placeholder until its feature lands). */
export function EmploymentHistoryCard() {
  return null;
}
