import { formatJobPay, type PayPeriod } from '../../../shared/job-details.ts';
import { paiseOrNull } from '../jobs/job-details-row.ts';

interface PayColumns {
  salary: string | null;
  pay_min_paise: string | number | null;
  pay_max_paise: string | number | null;
  pay_period: PayPeriod | null;
}


/**
 * The pay a visitor reads on the board and a company's page: the employer's own words when they
 * wrote some, else the structured pay in lakh ("₹12–18 LPA", issue 36 §1), else nothing.
 */
export function shownPay(job: PayColumns): string | null {
  return job.salary ?? formatJobPay({ pay_min_paise: paiseOrNull(job.pay_min_paise), pay_max_paise: paiseOrNull(job.pay_max_paise), pay_period: job.pay_period });
}
