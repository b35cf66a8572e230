import { z } from 'zod';

/** GET /api/profile/signup-company: the company named at signup, while the profile has none (issue 33, B2). */
export const signupCompanySchema = z.object({ company_name: z.string().nullable() });
export type SignupCompany = z.infer<typeof signupCompanySchema>;

/** The getting-started steps of a new company, in the order they are shown. */
export const gettingStartedSteps = ['company', 'first_job', 'teammate', 'billing_profile'] as const;
export type GettingStartedStep = (typeof gettingStartedSteps)[number];

/** GET /api/dashboard/getting-started: which steps the caller's company has done, from its own rows. */
export const gettingStartedSchema = z.object({
  company: z.boolean(),
  first_job: z.boolean(),
  teammate: z.boolean(),
  billing_profile: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
