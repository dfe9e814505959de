import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { changed, type PerBackEnd, run } from "./back-end.js";
import type { NewInboxUpdate } from "./updates.js";

/**
 * Stores updates not stored before (a repeat of an update_id is dropped), received at `now`; how
 * many were new. Not prepared: the number of rows varies (a batch of polled updates).
 */
export const insertUpdates: PerBackEnd<(db: Kysely<Schema>, args: { updates: readonly NewInboxUpdate[]; now: number }) => Promise<number>> =
  {
    postgres: (db, args) => insertOn(db, args, (i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`),
    sqlite: (db, args) => insertOn(db, args, () => "(?, ?, ?, ?)"),
  };

/** `row`: the placeholders of the i-th row's values. */
async function insertOn(
  db: Kysely<Schema>,
  { updates, now }: { updates: readonly NewInboxUpdate[]; now: number },
  row: (i: number) => string,
): Promise<number> {
  const rows = updates.map((u) => [u.updateId, u.chatKey, u.payload, now] as const);
  const values = rows.map((_, i) => row(i)).join(", ");
  const text = `INSERT INTO inbox (update_id, chat_key, payload, received_at) VALUES ${values} ON CONFLICT (update_id) DO NOTHING`;
  return changed(await run(db, text, rows.flat(), false));
}
