/** Where the plan chosen on the pricing section waits for the employer signup (this tab only). */
export const PLAN_STORAGE_KEY = 'workcred.plan';

/** Keeps the chosen plan, or forgets an earlier choice (null: Enterprise goes to /contact instead). */
export function rememberPlan(plan: string | null): void {
  try {
    if (plan === null) sessionStorage.removeItem(PLAN_STORAGE_KEY);
    else sessionStorage.setItem(PLAN_STORAGE_KEY, plan);
  } catch {
    // Storage can be off (private mode, policy); the plan still travels in the query string.
  }
}
