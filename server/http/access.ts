import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthGuards, SessionContext } from '../auth/session.ts';

/**
 * Who may call a route. Every /api route must declare one in its config; the hook below enforces
 * it before the handler runs, so a route cannot forget its check. The list of declared routes is
 * kept for the table-driven permission test.
 */
export type Access = 'public' | 'session' | 'user' | 'admin';

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
  }
}

export function registerAccessControl(app: FastifyInstance, guards: AuthGuards) {
  app.decorate('declaredRoutes', [] as DeclaredRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/auth/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.url} must declare config.access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') app.declaredRoutes.push({ method, url: route.url, access });
    }
  });
  // onRequest, before the body is parsed or validated: an anonymous caller learns nothing about bodies.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (access === 'session') await guards.requireSession(request, reply);
    else if (access === 'user') await guards.requireUser(request, reply);
    else if (access === 'admin') await guards.requireAdmin(request, reply);
  });
}

/** The session of a route declared 'session', 'user' or 'admin' (set by the access hook). */
export function sessionOf(request: FastifyRequest): SessionContext {
  const session = request.sessionContext;
  if (!session) throw new Error('sessionOf() called on a route without access control');
  return session;
}
