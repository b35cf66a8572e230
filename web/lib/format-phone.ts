/** "+919876543210" → "+91 98765 43210", as Indian mobile numbers are written; other numbers as they are. */
export function formatPhone(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone;
}
