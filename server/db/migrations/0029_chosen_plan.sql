-- The plan an employer chose on the pricing section before signing up (issue 15). It waits on the
-- account until the employer creates the company, then moves to company_subscriptions.chosen_plan,
-- which Billing offers first.
ALTER TABLE auth_users ADD COLUMN "chosenPlan" text CHECK ("chosenPlan" IS NULL OR "chosenPlan" IN ('starter', 'professional'));
