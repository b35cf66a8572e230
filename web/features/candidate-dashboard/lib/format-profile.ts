/** "123456789012" → "••••••••9012": the dashboard shows only the last four digits of the UAN. */
export function maskUan(uan: string): string {
  const digits = uan.replace(/\s+/g, '');
  return digits.length <= 4 ? digits : `${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

/** "received" → "Received", for a status the label list does not know. */
export function humaniseStatus(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

