/** Placeholder until this tab is built. */
export function AdminUsersTab() {
  return null;
}
