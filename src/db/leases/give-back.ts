import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.js";
import type { Schema } from "../schema.js";
import { type PerBackEnd, run } from "./back-end.js";
import { holds } from "./holds.js";
import { type LetGo, letGo } from "./let-go.js";

/**
 * Hands an update taken up back unhandled: its attempt does not count, and the chat's lease goes.
 * Nothing is done unless `owner` still holds the lease with this token (its row read first, and
 * locked on PostgreSQL until the end: a claim cannot come between the two).
 */
export const giveBack: PerBackEnd<(db: Kysely<Schema>, args: LetGo & { updateId: number }) => Promise<void>> = {
  postgres: (db, args) =>
    giveBackOn("postgres", "UPDATE inbox SET attempts = attempts - 1 WHERE update_id = $1 AND done_at IS NULL", db, args),
  sqlite: (db, args) => giveBackOn("sqlite", "UPDATE inbox SET attempts = attempts - 1 WHERE update_id = ? AND done_at IS NULL", db, args),
};

async function giveBackOn(backEnd: Dialect, unattempt: string, db: Kysely<Schema>, { updateId, ...lease }: LetGo & { updateId: number }) {
  await db.transaction().execute(async (trx) => {
    if (!(await holds[backEnd](trx, lease))) return;
    await run(trx, unattempt, [updateId]);
    await letGo[backEnd](trx, lease);
  });
}
