import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { prepared } from '../db/prepared-statements.ts';

export interface AuditEntry {
  /** Who acted (admin_audit_logs.admin_id; employers act too); null: the system (a payments provider's event). */
  actorId: string | null;
  /** The company the action concerns, so the company filter and that company's activity find it. */
  companyId: string | null;
  /** snake_case verb phrase, e.g. 'user_suspended'. */
  action: string;
  entityType: string;
  entityId: string | null;
  details?: Record<string, unknown>;
  /** The caller's IP (request.ip). */
  ip: string | null;
}

/**
 * Writes one admin_audit_logs row. Pass the transaction of the change it records, so the change
 * and its audit entry are committed together or not at all. Details must never hold secrets
 * (passwords, codes, tokens, full UANs or bank details).
 */
export async function writeAudit(trx: Transaction<DB> | Kysely<DB>, entry: AuditEntry): Promise<void> {
  // Prepared (prepared-statements.ts): every change writes one, crowds' changes too.
  await prepared(
    trx.insertInto('admin_audit_logs').values({
      admin_id: entry.actorId,
      company_id: entry.companyId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      details: JSON.stringify(entry.details ?? {}),
      ip_address: entry.ip,
    }),
  ).execute();
}
