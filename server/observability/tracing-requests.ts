import { defaultTextMapGetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import type { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';

interface Deps {
  tracer: Tracer;
  contextManager: AsyncLocalStorageContextManager;
  /** Continue the trace of an incoming W3C traceparent: only behind our own load balancer (TRUST_PROXY). */
  trustTraceparent: boolean;
}

/** Any other method is "_OTHER" (the semantic conventions' rule): a client must not name our spans. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'CONNECT', 'TRACE']);

const propagator = new W3CTraceContextPropagator();

/**
 * One SERVER span per request, named `METHOD /route/:pattern`, made the active context while the
 * request runs so the statements it runs become its children (tracing-statements.ts).
 *
 * Entered at onRequest, the context lasts through the body's reading (Fastify's content-type parser
 * runs in an AsyncResource of the request) to the handler: tracing.test.ts holds a body back behind
 * "Expect: 100-continue" and still finds the statements under the request.
 *
 * What a span holds is chosen for privacy: the route, never the query string; the path only when the
 * route has no parameter (a parameter may be a secret: a calendar feed's token, a letter's code);
 * no client address, user agent, header or body.
 */
export function traceRequests(app: FastifyInstance, { tracer, contextManager, trustTraceparent }: Deps): void {
  const active = new WeakMap<FastifyRequest, Span>();

  const end = (request: FastifyRequest, statusCode: number | undefined) => {
    const span = active.get(request);
    if (!span) return;
    active.delete(request);
    if (statusCode !== undefined) {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, statusCode);
      if (statusCode >= 500) {
        span.setAttribute(ATTR_ERROR_TYPE, String(statusCode));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
    } else {
      span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
    }
    span.end();
  };

  app.addHook('onRequest', (request, _reply, done) => {
    // A live socket's upgrade stays open for hours: it is no request to time.
    if (request.headers.upgrade) return done();
    const method = KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
    const route = request.routeOptions.url;
    const attributes: Attributes = { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_URL_SCHEME]: request.protocol, 'workcred.request.id': request.id };
    if (route !== undefined) {
      attributes[ATTR_HTTP_ROUTE] = route;
      if (!/[:*]/.test(route)) attributes[ATTR_URL_PATH] = route;
    }
    const parent = trustTraceparent ? propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter) : ROOT_CONTEXT;
    const span = tracer.startSpan(route === undefined ? method : `${method} ${route}`, { kind: SpanKind.SERVER, attributes }, parent);
    active.set(request, span);
    contextManager.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, undefined);
    done();
  });
}
