import type { Kysely } from "kysely";
import type { Clock } from "../../clock.js";
import type { Schema } from "../schema.js";
import { changed, DB_NOW, type PerBackEnd, run, runWithSentNow, sqliteNow } from "./back-end.js";

/**
 * Forgets leases let go (or run out) over `keepMs` ago whose chat got no message since; how many.
 * SQLite keeps those still owned (by its one process, which lets them all go at its start): a row
 * gone would let its token be handed out again.
 */
export const pruneLeases: PerBackEnd<(db: Kysely<Schema>, args: { keepMs: number; sentClock: Clock }) => Promise<number>> = {
  postgres: async (db, { keepMs, sentClock }) =>
    changed(
      await runWithSentNow(
        db,
        sentClock,
        (sentNow) => `DELETE FROM chat_leases WHERE until < ${DB_NOW} - $1 AND coalesce(sent_at, 0) < ${sentNow} - $1`,
        [keepMs],
      ),
    ),
  sqlite: async (db, { keepMs, sentClock }) =>
    changed(
      await run(db, "DELETE FROM chat_leases WHERE owner = '' AND until < ? AND coalesce(sent_at, 0) < ?", [
        sqliteNow() - keepMs,
        sentClock.now() - keepMs,
      ]),
    ),
};
