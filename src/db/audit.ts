import type { Clock } from "../clock.js";
import type { Db } from "./database.js";

export interface AuditEntry {
  at: number;
  staffId: number;
  command: string;
  argument: string;
}

/** Every support lookup, with who asked. */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  record(staffId: number, command: string, argument: string): void {
    this.db.prepare("INSERT INTO audit_log (at, staff_id, command, argument) VALUES (?, ?, ?, ?)").run(this.clock.now(), staffId, command, argument);
  }

  recent(limit: number): AuditEntry[] {
    return this.db
      .prepare("SELECT at, staff_id AS staffId, command, argument FROM audit_log ORDER BY id DESC LIMIT ?")
      .all(limit) as AuditEntry[];
  }
}
