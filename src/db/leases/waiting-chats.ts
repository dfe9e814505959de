import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { DB_NOW, type PerBackEnd, rowsOf, sqliteNow } from "./back-end.js";

/**
 * Chats with updates waiting whose lease nobody else holds now (first waiting first), at most
 * `limit`; those `owner` holds are among them.
 */
export const waitingChats: PerBackEnd<(db: Kysely<Schema>, args: { owner: string; limit: number }) => Promise<string[]>> = {
  postgres: async (db, { owner, limit }) =>
    chatKeys(
      await rowsOf(
        db,
        `SELECT i.chat_key FROM inbox i
       WHERE i.done_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM chat_leases l WHERE l.chat_key = i.chat_key
            AND l.until > ${DB_NOW} AND l.owner <> $1)
       GROUP BY i.chat_key ORDER BY min(i.update_id) LIMIT $2`,
        [owner, limit],
      ),
    ),
  sqlite: async (db, { owner, limit }) =>
    chatKeys(
      await rowsOf(
        db,
        `SELECT i.chat_key FROM inbox i
       WHERE i.done_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM chat_leases l WHERE l.chat_key = i.chat_key
            AND l.until > ? AND l.owner <> ?)
       GROUP BY i.chat_key ORDER BY min(i.update_id) LIMIT ?`,
        [sqliteNow(), owner, limit],
      ),
    ),
};

const chatKeys = (rows: { chat_key: string }[]): string[] => rows.map((row) => row.chat_key);
