import type { ColumnType, Generated } from 'kysely';
import type { OfferStatus } from '../../shared/schemas/offers.ts';

/** Dates are read as strings (YYYY-MM-DD), as employments' are. */
type DateColumn = ColumnType<string, string, string>;
/** bigint paise: read as a string (node-postgres and PGlite both), written as a number. */
type Paise = ColumnType<string, number | undefined, number>;

/** An offer (migration 0066), merged into DB. */
export interface OffersTable {
  id: Generated<string>;
  company_id: string;
  application_id: string;
  title: string;
  joining_date: DateColumn;
  expires_on: DateColumn | null;
  basic_paise: Paise;
  hra_paise: Paise;
  special_allowance_paise: Paise;
  employer_pf_paise: Paise;
  gratuity_paise: Paise;
  variable_pay_paise: Paise;
  /** Generated: the sum of the six. */
  total_paise: ColumnType<string, never, never>;
  status: Generated<OfferStatus>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  submitted_at: Date | null;
  approved_by: string | null;
  approved_at: Date | null;
  sent_by: string | null;
  sent_at: Date | null;
  responded_at: Date | null;
  decline_reason: string | null;
  withdrawn_by: string | null;
  withdraw_reason: string | null;
  letter_id: string | null;
}

/** Who signs offer letters (migration 0066): columns of companies. */
export interface CompanyLetterSignatoryColumns {
  letter_signatory_name: Generated<string | null>;
  letter_signatory_designation: Generated<string | null>;
}

declare module './schema.ts' {
  interface DB {
    offers: OffersTable;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the columns to companies
  interface CompaniesTable extends CompanyLetterSignatoryColumns {}
}
