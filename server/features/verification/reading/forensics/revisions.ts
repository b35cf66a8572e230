import type { PdfFacts } from '../../../../pdf/pdf-objects.ts';
import { MODIFIED_AFTER_CREATION_HOURS } from './issuer-tools.ts';
import type { ForensicFlag } from './types.ts';

/** A PDF date ("D:20261031093000+05'30'", parts after the year optional) as a time; null when unreadable. */
export function parsePdfDate(value: string | null): Date | null {
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz])|([+-])(\d{2})'?(\d{2})?'?)?/.exec(value?.trim() ?? '');
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', , sign, offsetHours = '00', offsetMinutes = '00'] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 : 0;
  const time = utc - offset;
  return Number.isFinite(time) ? new Date(time) : null;
}

/**
 * Signal 2: saved again after it was made. An incremental update (more than one revision, each
 * ending in %%EOF with a /Prev chain) that changed what pages show, named page by page; and a
 * modification date well after the creation date. An update that changed no page (a signature
 * added by the issuer) is not a finding.
 */
export function revisionsSignal(facts: PdfFacts): ForensicFlag[] {
  const flags: ForensicFlag[] = [];
  const { count, changedPages, firstPageCount } = facts.revisions;
  if (count > 1 && changedPages.length > 0) {
    const added = changedPages.filter((page) => page > firstPageCount);
    const changed = changedPages.filter((page) => page <= firstPageCount);
    const parts = [changed.length ? `changed page${changed.length > 1 ? 's' : ''} ${changed.join(', ')}` : '', added.length ? `added page${added.length > 1 ? 's' : ''} ${added.join(', ')}` : ''].filter(Boolean);
    flags.push({
      signal: 'revisions',
      rule: 'forensic_incremental_update',
      weight: 'high',
      found: `${count} revisions; the later ${parts.join(' and ')}`,
      expected: 'One revision, as the issuer made it',
      page: changedPages[0],
    });
  }
  const created = parsePdfDate(facts.metadata.creationDate);
  const modified = parsePdfDate(facts.metadata.modDate);
  if (created && modified && modified.getTime() - created.getTime() > MODIFIED_AFTER_CREATION_HOURS * 3_600_000) {
    const days = Math.round((modified.getTime() - created.getTime()) / 86_400_000);
    flags.push({
      signal: 'revisions',
      rule: 'forensic_modified_later',
      weight: 'low',
      found: `Modified ${modified.toISOString().slice(0, 10)}, ${days} day${days === 1 ? '' : 's'} after it was created (${created.toISOString().slice(0, 10)})`,
      expected: `Modified within ${MODIFIED_AFTER_CREATION_HOURS} hours of creation`,
    });
  }
  return flags;
}
