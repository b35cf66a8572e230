import { sql, type Kysely } from 'kysely';
import { shareOf, sourceKinds, type SourceKind, type SourcesReport } from '../../../shared/schemas/analytics.ts';
import type { DB } from '../../db/schema.ts';
import { rollupRows, type ReportScope } from './report-scope.ts';

/** Every kind but drive, whose key is the drive's id. */
const KINDS = new Set<string>(sourceKinds.filter((kind) => kind !== 'drive'));

/** Applications, shortlisted and hires by where they came from: the job board, a shared link, a QR code or each named drive. */
export async function sourcesReport(db: Kysely<DB>, scope: ReportScope): Promise<SourcesReport> {
  const rows = await rollupRows(db, scope)
    .select([
      'source_key',
      sql<number>`sum(applications)::int`.as('applications'),
      sql<number>`sum(reached_shortlisted)::int`.as('shortlisted'),
      sql<number>`sum(hired)::int`.as('hired'),
    ])
    .groupBy('source_key')
    .execute();
  const driveIds = rows.map((row) => row.source_key).filter((key) => !KINDS.has(key) && key !== 'drive');
  const drives = driveIds.length === 0 ? [] : await db.selectFrom('recruitment_drives').select(['id', 'name']).where('company_id', '=', scope.companyId).where('id', 'in', driveIds).execute();
  const names = new Map(drives.map((drive) => [drive.id, drive.name]));
  const sources = rows.map((row) => {
    const kind = KINDS.has(row.source_key) ? (row.source_key as SourceKind) : ('drive' as const);
    const driveName = kind === 'drive' ? (names.get(row.source_key) ?? null) : null;
    return {
      kind,
      drive_id: driveName === null ? null : row.source_key,
      drive_name: driveName,
      applications: row.applications,
      shortlisted: row.shortlisted,
      hired: row.hired,
      conversion: shareOf(row.hired, row.applications),
    };
  });
  // Most applications first; ties by name, so the order is the same every time.
  return { sources: sources.sort((a, b) => b.applications - a.applications || `${a.kind}${a.drive_name ?? ''}`.localeCompare(`${b.kind}${b.drive_name ?? ''}`)) };
}
