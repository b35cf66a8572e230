/** Option lists and constants of product-spec points 3 and 9. */
export const roles = ['admin', 'employer', 'candidate'] as const;
export type Role = (typeof roles)[number];

export const industries = ['Information Technology', 'Healthcare', 'Finance', 'Education', 'Manufacturing', 'Retail', 'Other'] as const;
export const companySizes = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;
export const documentTypes = ['resume', 'bank_statement', 'experience_letter', 'salary_slip'] as const;
export const notificationTypes = ['toast', 'banner'] as const;
export const recipientGroups = ['all', 'employers', 'candidates'] as const;
export const blockedEmailDomains = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com'] as const;

export const FREE_TRIAL_DAYS = 14;
export const OTP_LENGTH = 6;
export const MIN_PHONE_LENGTH = 10;
export const SESSION_RECHECK_MS = 15 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The id of the element that carries a job's JSON in the served /jobs/:id page (issue 14, item 4). */
export const INITIAL_JOB_ELEMENT_ID = 'initial-job';

/** The id of the element that says the served /auth page was rendered for a visitor with no session (issue 14, item 4). */
export const SIGNED_OUT_ELEMENT_ID = 'served-signed-out';

/** The id of the element that carries GET /api/site-config's answer in the served /auth page. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';
