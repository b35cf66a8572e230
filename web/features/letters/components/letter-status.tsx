import { messages } from '@shared/messages.ts';

const text = messages.letters;

/** Valid or Revoked, as a badge with words (never colour alone). */
export function LetterStatus({ revokedAt }: { revokedAt: string | null }) {
  return revokedAt ? (
    <span className="inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200">{text.statusRevoked}</span>
  ) : (
    <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">{text.statusValid}</span>
  );
}
