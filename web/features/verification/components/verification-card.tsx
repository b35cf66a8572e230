/** The candidate's checks, their consent and status, on their dashboard (placeholder until its feature lands). */
export function VerificationCard() {
  return null;
}
