import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.js";
import type { Schema } from "../schema.js";
import { DB_NOW, type PerBackEnd, run, sqliteNow } from "./back-end.js";
import { holds } from "./holds.js";
import type { HeldBy } from "./updates.js";

/** Marks an update done (its content goes: only its id is kept, for a repeat to be known). */
export const setDone: PerBackEnd<(db: Kysely<Schema>, updateId: number) => Promise<void>> = {
  postgres: async (db, updateId) => {
    await run(db, `UPDATE inbox SET done_at = ${DB_NOW}, payload = '' WHERE update_id = $1`, [updateId]);
  },
  sqlite: async (db, updateId) => {
    await run(db, "UPDATE inbox SET done_at = ?, payload = '' WHERE update_id = ?", [sqliteNow(), updateId]);
  },
};

/** Marks an update done if `owner` still holds the chat's lease with this token (in one transaction); whether it did. */
export const markDone: PerBackEnd<(db: Kysely<Schema>, args: HeldBy & { updateId: number }) => Promise<boolean>> = {
  postgres: (db, args) => markDoneOn("postgres", db, args),
  sqlite: (db, args) => markDoneOn("sqlite", db, args),
};

function markDoneOn(backEnd: Dialect, db: Kysely<Schema>, { updateId, ...lease }: HeldBy & { updateId: number }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await holds[backEnd](trx, lease))) return false;
    await setDone[backEnd](trx, updateId);
    return true;
  });
}
