import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { DB_NOW, type PerBackEnd, rowsOf } from "./back-end.js";
import { renew } from "./renew.js";
import type { LeaseRef } from "./updates.js";

/**
 * Pushes out for `leaseMs` the chats' leases `owner` holds with these tokens, as renew.ts does
 * one; the chats whose lease it still holds. PostgreSQL: one statement; SQLite: one each, in a
 * transaction.
 */
export const renewMany: PerBackEnd<
  (db: Kysely<Schema>, args: { owner: string; leases: readonly LeaseRef[]; leaseMs: number }) => Promise<Set<string>>
> = {
  postgres: async (db, { owner, leases, leaseMs }) => {
    const rows = await rowsOf<{ chat_key: string }>(
      db,
      `UPDATE chat_leases l SET until = ${DB_NOW} + $1
       FROM unnest($3::text[], $4::bigint[]) AS held(chat_key, token)
       WHERE l.owner = $2 AND l.chat_key = held.chat_key AND l.token = held.token RETURNING l.chat_key`,
      [leaseMs, owner, leases.map((lease) => lease.chatKey), leases.map((lease) => lease.token)],
    );
    return new Set(rows.map((row) => row.chat_key));
  },
  sqlite: (db, { owner, leases, leaseMs }) =>
    db.transaction().execute(async (trx) => {
      const kept = new Set<string>();
      for (const lease of leases) if (await renew.sqlite(trx, { ...lease, owner, leaseMs })) kept.add(lease.chatKey);
      return kept;
    }),
};
