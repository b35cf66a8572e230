import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

export const EVENTS_CHANNEL = 'workcred_events';

/**
 * A live event. Topics say who may receive it: `user:<id>`, `company:<id>`, `admins`.
 * Payloads carry ids, not rows (NOTIFY payloads are capped at 8,000 bytes); clients refetch. The
 * one exception is `data` (withData).
 */
export interface LiveEvent {
  topic: string;
  type: string;
  id?: string;
  /**
   * The live socket of the page whose request made the change (its X-Live-Socket header). That
   * socket gets the event marked `own: true`, so a screen that already holds the request's answer
   * need not refetch it (Pusher's and Laravel Echo's "to others"); no other socket sees it.
   */
  origin?: string;
  /**
   * What the screen would refetch on this event, on a person's own topic only, when it fits one
   * notification (withData): an EPFO decision reaches a page that is open and waiting for it, and
   * a crowd's pages each saved a request (issue 34, Speed; ADR 0033).
   */
  data?: unknown;
}

/** The header a page sends its live socket's id in (from "ready"), so its own changes come back marked `own`. */
export const LIVE_SOCKET_HEADER = 'x-live-socket';
const SOCKET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request's page's live socket id (a UUID the hub gave it), or undefined. */
export function originOf(request: FastifyRequest): string | undefined {
  const value = request.headers[LIVE_SOCKET_HEADER];
  return typeof value === 'string' && SOCKET_ID.test(value) ? value : undefined;
}

/** NOTIFY payloads must stay under 8,000 bytes: a longer batch goes as several notifications. */
const MAX_PAYLOAD_BYTES = 7000;
/** An event's size in a notification, in bytes (a name in Devanagari takes three a letter). */
const bytesOf = (event: LiveEvent) => Buffer.byteLength(JSON.stringify(event)) + 1;

/** Whether the events go as one notification (an id of 36 characters added to each without one). */
export function eventsFitOneNotification(events: LiveEvent[]): boolean {
  return events.reduce((size, event) => size + bytesOf(event) + (event.id === undefined ? 44 : 0), 2) <= MAX_PAYLOAD_BYTES;
}

/** The event carrying `data`, if it fits a notification on its own; else the event alone, and the screen refetches. */
export function withData(event: LiveEvent, data: unknown): LiveEvent {
  const carrying = { ...event, data };
  return eventsFitOneNotification([carrying]) ? carrying : event;
}

/**
 * Publishes through Postgres NOTIFY, so every app instance on the database sees it. Inside a
 * transaction the event is delivered only if and when the transaction commits. Several events (one
 * change told to the person, the team and each company) go as one notification carrying an array:
 * one statement and one wake-up per listener instead of one per event.
 */
export async function publish(db: Kysely<DB> | Transaction<DB>, event: LiveEvent | LiveEvent[]): Promise<void> {
  const events = Array.isArray(event) ? event : [event];
  let batch: LiveEvent[] = [];
  let size = 2;
  for (const next of events) {
    const length = bytesOf(next);
    if (batch.length > 0 && size + length > MAX_PAYLOAD_BYTES) {
      await notify(db, batch);
      batch = [];
      size = 2;
    }
    batch.push(next);
    size += length;
  }
  if (batch.length > 0) await notify(db, batch);
}

async function notify(db: Kysely<DB> | Transaction<DB>, events: LiveEvent[]): Promise<void> {
  const payload = events.length === 1 ? events[0] : events;
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`.execute(db);
}

/** What a notification carries: one event, or an array of them (publish's batches). */
export function eventsOf(payload: string): LiveEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.filter((item): item is LiveEvent => typeof item === 'object' && item !== null && typeof (item as LiveEvent).topic === 'string' && typeof (item as LiveEvent).type === 'string');
}
