import { useMatches } from 'react-router';
import type { CompanyPermission } from '@shared/permissions.ts';

/** What a dashboard route asks of a company member's role, carried on the route (its `handle`). */
export interface ScreenHandle {
  permission: CompanyPermission;
}

/** The route table's `handle` for a screen that needs this permission (web/app/router.tsx). */
export function screen(permission: CompanyPermission): ScreenHandle {
  return { permission };
}

/** The permission the deepest matched route asks for, if any. */
export function useScreenPermission(): CompanyPermission | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as Partial<ScreenHandle> | undefined;
    if (handle?.permission) return handle.permission;
  }
  return undefined;
}
