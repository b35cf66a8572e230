/** Placeholder until this tab is built. */
export function AdminSupportTab() {
  return null;
}
