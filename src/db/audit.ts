import type { Clock } from "../clock.js";
import { fenced } from "./fence.js";
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

  /** Fenced (src/db/fence.ts): a process that lost the chat meanwhile records nothing (the one that took it does). */
  async record(staffId: number, command: string, argument: string): Promise<void> {
    const at = this.clock.now();
    await fenced(this.store, (held) =>
      this.store.db
        .insertInto("audit_log")
        .columns(["at", "staff_id", "command", "argument"])
        .expression(
          held(
            this.store.db.selectNoFrom((eb) => [
              eb.val(at).as("at"),
              eb.val(staffId).as("staff_id"),
              eb.val(command).as("command"),
              eb.val(argument).as("argument"),
            ]),
          ),
        )
        .execute(),
    );
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
