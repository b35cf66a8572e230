import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages.ts';
import { can, companyPermissionLabels, companyRoleLabels, type CompanyPermission } from '../../shared/permissions.ts';
import { fill } from '../../shared/fill.ts';
import type { ApiScope } from '../../shared/schemas/api-keys.ts';
import type { AuthGuards, SessionContext } from '../auth/session.ts';
import { forbidden } from './errors.ts';
import { ROUTE_PERMISSIONS } from './route-permissions.ts';

/**
 * Who may call a route. Every /api route must declare one in its config; the hook below enforces
 * it before the handler runs, so a route cannot forget its check. The list of declared routes is
 * kept for the table-driven permission test.
 */
export type Access = 'public' | 'session' | 'user' | 'admin' | 'api-key';

/** The caller of a public API route (access 'api-key'): a company's key and what it may do. */
export interface ApiKeyContext {
  keyId: string;
  companyId: string;
  scopes: readonly ApiScope[];
  /** Who created the key: the public API's changes are made in their name (audit, created_by). */
  createdBy: string | null;
}

/** Resolves the API key of a request (Authorization: Bearer) or refuses it (401); checks the route's scope (403). */
export interface ApiKeyGuard {
  require(request: FastifyRequest): Promise<ApiKeyContext>;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** What a company member needs (route-permissions.ts); none for routes that are not company work. */
  permission: CompanyPermission | undefined;
}

/**
 * A company member whose role lacks the route's permission is refused (403 PERMISSION_DENIED,
 * naming the role and what it needs). People outside a company fall through to the route's own
 * scope, which refuses them in its words (not in a company, candidates only…).
 */
function enforcePermission(request: FastifyRequest, session: SessionContext): void {
  const permission = ROUTE_PERMISSIONS[`${request.method} ${request.routeOptions.url ?? ''}`];
  const { role, company_id: companyId, company_role: companyRole } = session.profile;
  if (!permission || role !== 'employer' || !companyId || can(companyRole, permission)) return;
  request.log.warn({ userId: session.userId, url: request.url, companyRole, permission }, 'company permission refused');
  throw forbidden(
    fill(messages.team.permissionDenied, { role: companyRole ? companyRoleLabels[companyRole] : '', action: companyPermissionLabels[permission] }),
    'PERMISSION_DENIED',
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** What an API key needs for a public API route (access 'api-key'). */
    apiScope?: ApiScope;
    /** A POST that changes nothing (a search whose filters would not fit in an address): it need not wait to hear session changes. */
    readOnly?: boolean;
  }
  interface FastifyRequest {
    apiKey?: ApiKeyContext;
  }
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
  }
}

export function registerAccessControl(app: FastifyInstance, guards: AuthGuards, apiKeys: ApiKeyGuard) {
  app.decorate('declaredRoutes', [] as DeclaredRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/auth/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.url} must declare config.access`);
    // Keys work on the public API only, and sessions do not work there.
    const publicApi = route.url.startsWith('/api/v1/');
    if (access === 'api-key' ? !publicApi : publicApi && access !== 'public') throw new Error(`Route ${route.url}: API keys are for /api/v1, and /api/v1 is for API keys`);
    if (access === 'api-key' && !route.config?.apiScope) throw new Error(`Route ${route.url} must declare config.apiScope`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') app.declaredRoutes.push({ method, url: route.url, access, permission: ROUTE_PERMISSIONS[`${method} ${route.url}`] });
    }
  });
  // onRequest, before the body is parsed or validated: an anonymous caller learns nothing about bodies.
  // A callback hook, not an async one: a public route pays no promise for the check it skips.
  app.addHook('onRequest', (request, reply, done) => {
    const access = request.routeOptions.config?.access;
    if (access === 'session') guards.requireSession(request, reply).then(() => done(), done);
    else if (access === 'user')
      guards
        .requireUser(request, reply)
        .then((session) => enforcePermission(request, session))
        .then(() => done(), done);
    else if (access === 'admin') guards.requireAdmin(request, reply).then(() => done(), done);
    else if (access === 'api-key')
      apiKeys.require(request).then((key) => {
        request.apiKey = key;
        done();
      }, done);
    else done();
  });
}

/** The API key of a route declared 'api-key' (set by the access hook). */
export function apiKeyOf(request: FastifyRequest): ApiKeyContext {
  const key = request.apiKey;
  if (!key) throw new Error('apiKeyOf() called on a route without an API key');
  return key;
}

/** The session of a route declared 'session', 'user' or 'admin' (set by the access hook). */
export function sessionOf(request: FastifyRequest): SessionContext {
  const session = request.sessionContext;
  if (!session) throw new Error('sessionOf() called on a route without access control');
  return session;
}
