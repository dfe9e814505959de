import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { anyRow, DB_NOW, type PerBackEnd, sqliteNow } from "./back-end.js";
import type { HeldBy } from "./updates.js";

/**
 * Pushes the lease out to `leaseMs` from now if `owner` still holds it with this token (one that
 * ran out and that nobody took is renewed: nobody held it meanwhile); whether it did. The leader's
 * lease, and on SQLite each chat's (renew-many.ts, finish-update.ts).
 */
export const renew: PerBackEnd<(db: Kysely<Schema>, args: HeldBy & { leaseMs: number }) => Promise<boolean>> = {
  postgres: (db, { chatKey, owner, token, leaseMs }) =>
    anyRow(db, `UPDATE chat_leases SET until = ${DB_NOW} + $4 WHERE chat_key = $1 AND owner = $2 AND token = $3 RETURNING token`, [
      chatKey,
      owner,
      token,
      leaseMs,
    ]),
  sqlite: (db, { chatKey, owner, token, leaseMs }) =>
    anyRow(db, "UPDATE chat_leases SET until = ? + ? WHERE chat_key = ? AND owner = ? AND token = ? RETURNING token", [
      sqliteNow(),
      leaseMs,
      chatKey,
      owner,
      token,
    ]),
};
