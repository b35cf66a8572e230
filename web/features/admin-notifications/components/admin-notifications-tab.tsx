/** Placeholder until this tab is built. */
export function AdminNotificationsTab() {
  return null;
}
