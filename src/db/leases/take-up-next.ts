import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { rowsOf } from "./back-end.js";
import type { ClaimRow } from "./updates.js";

/**
 * SQLite: the chat's first waiting update, taken up once more (in the transaction of a claim or a
 * finish; PostgreSQL's do this in their one statement).
 */
export const takeUpNext = {
  sqlite: async (db: Kysely<Schema>, chatKey: string): Promise<ClaimRow | undefined> =>
    (
      await rowsOf<ClaimRow>(
        db,
        `UPDATE inbox SET attempts = attempts + 1
       WHERE update_id = (SELECT min(update_id) FROM inbox WHERE chat_key = ? AND done_at IS NULL)
       RETURNING update_id, chat_key, payload, attempts`,
        [chatKey],
      )
    )[0],
};
