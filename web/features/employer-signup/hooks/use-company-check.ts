import type { CompanyCheckResult } from '@shared/schemas/employer-signup.ts';
import { MAX_COMPANY_NAME_LENGTH, MIN_COMPANY_NAME_LENGTH } from '@shared/schemas/employer-signup.ts';
import { useCheckCompanyExists } from '../api/check-company-exists.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';

export const COMPANY_CHECK_DEBOUNCE_MS = 300;

/** The name as the server compares it: trimmed, runs of spaces made one. */
export function normaliseCompanyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

export type CompanyCheckState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'failed' }
  | { kind: 'done'; result: CompanyCheckResult };

/**
 * The live check of step 1 (spec point 2): once the name is longer than 2 characters and the user
 * has paused typing for COMPANY_CHECK_DEBOUNCE_MS. While the name is changing, no earlier answer
 * is shown: only an answer for the name now in the field counts.
 */
export function useCompanyCheck(companyName: string): CompanyCheckState {
  const name = normaliseCompanyName(companyName);
  const debounced = useDebouncedValue(name, COMPANY_CHECK_DEBOUNCE_MS);
  const checkable = name.length >= MIN_COMPANY_NAME_LENGTH && name.length <= MAX_COMPANY_NAME_LENGTH;
  const settled = checkable && debounced === name;
  const query = useCheckCompanyExists(debounced, settled);

  if (!checkable) return { kind: 'idle' };
  if (!settled || query.isPending) return { kind: 'checking' };
  if (query.isError) return { kind: 'failed' };
  return { kind: 'done', result: query.data };
}
