import type { ColumnType } from 'kysely';

/** timestamptz columns: read as Date, written as a Date or an ISO string; shared by the schema-*.ts files. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
