import type { Clock } from "../clock.js";
import type { Store } from "./store.js";

export interface AuditEntry {
  at: number;
  staffId: number;
  command: string;
  argument: string;
}

/** Every support lookup, with who asked. */
export class AuditLog {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async record(staffId: number, command: string, argument: string): Promise<void> {
    await this.store.db.insertInto("audit_log").values({ at: this.clock.now(), staff_id: staffId, command, argument }).execute();
  }

  async recent(limit: number): Promise<AuditEntry[]> {
    return this.store.db
      .selectFrom("audit_log")
      .select(["at", "staff_id as staffId", "command", "argument"])
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }
}
