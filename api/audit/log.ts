// The admin audit log: who changed what, when, and the record before and after. Written inside the
// transaction of the change it records, so a change and its entry exist together or not at all.
import type { Database } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface AuditEntry {
  userId: number;
  /** `entity.verb`, e.g. document.add. */
  action: string;
  entity: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(tx: Tx | Database, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
}
