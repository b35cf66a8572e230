import { can, type CompanyPermission } from '@shared/permissions.ts';
import { useMe } from './get-me.ts';

/**
 * Whether the signed-in company member's role allows this (shared/permissions.ts). The browser only
 * hides what the server refuses anyway; someone outside a company is refused by the screen itself.
 */
export function useCan(permission: CompanyPermission): boolean {
  const user = useMe().data?.user;
  if (!user || user.role !== 'employer' || !user.company_id) return true;
  return can(user.company_role, permission);
}
