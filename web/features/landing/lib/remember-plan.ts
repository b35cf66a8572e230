/** Where the plan chosen on the pricing section waits for the employer signup (this tab only). */
export const PLAN_STORAGE_KEY = 'workcred.plan';

export function rememberPlan(plan: string): void {
  try {
    sessionStorage.setItem(PLAN_STORAGE_KEY, plan);
  } catch {
    // Storage can be off (private mode, policy); the plan still travels in the query string.
  }
}
