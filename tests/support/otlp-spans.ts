import type { FakeJsonServer } from './fake-json-server.ts';

/** The spans a local OTLP receiver (a FakeJsonServer standing in for the collector) was sent as OTLP JSON. */
export type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: AnyValue }[];
  status?: { code?: number };
}
export interface ExportedSpan extends OtlpSpan {
  resource: Record<string, unknown>;
}
export const SERVER = 2;
export const CLIENT = 3;

export const valueOf = (value: AnyValue) => value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));
export const attrs = (list: { key: string; value: AnyValue }[] = []): Record<string, unknown> => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/** Every span the collector has received, with its resource's attributes. */
export function exportedSpans(collector: FakeJsonServer): ExportedSpan[] {
  const spans: ExportedSpan[] = [];
  for (const request of collector.requests) {
    if (request.path !== '/v1/traces') continue;
    const body = request.body as { resourceSpans?: { resource?: { attributes?: { key: string; value: AnyValue }[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[] };
    for (const resourceSpans of body.resourceSpans ?? []) {
      const resource = attrs(resourceSpans.resource?.attributes);
      for (const scope of resourceSpans.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ ...span, resource });
    }
  }
  return spans;
}
