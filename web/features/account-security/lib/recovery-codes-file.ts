import { mfaRecoveryMessages as text } from '@shared/messages/mfa-recovery.ts';
import { fill } from '@web/lib/fill.ts';

/** The .txt a person keeps: who the codes are for, one code a line, and what they do. */
export function recoveryCodesText(email: string, codes: readonly string[]): string {
  return [fill(text.fileHeading, { email }), '', ...codes, '', text.fileNote, ''].join('\r\n');
}

/** Saves the codes as a text file, made in the browser: they never travel again. */
export function downloadRecoveryCodes(email: string, codes: readonly string[]): void {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(email, codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = text.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
