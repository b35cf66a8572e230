/** The verification team's review queue, an admin tab (placeholder until its feature lands). */
export function AdminVerificationTab() {
  return null;
}
