import { useMutation } from '@tanstack/react-query';
import { contactReceiptSchema, type ContactMessage, type ContactReceipt } from '@shared/schemas/contact.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/contact: stores the message; the same submission_id twice stores it once. */
export function sendContactMessage(message: ContactMessage): Promise<ContactReceipt> {
  return api('/api/contact', { method: 'POST', body: message, schema: contactReceiptSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
