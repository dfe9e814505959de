import type { Kysely } from "kysely";
import type { Clock } from "../../clock.js";
import type { Schema } from "../schema.js";
import { type PerBackEnd, run, runWithSentNow } from "./back-end.js";
import type { HeldBy } from "./updates.js";

export interface LetGo extends HeldBy {
  /** How long ago this holder last sent a message into the chat (null: not while it held it, and what the row says stays). */
  sentAgoMs: number | null;
  /** The clock `sent_at` is kept on (the outbox's: back-end.ts). */
  sentClock: Clock;
}

/**
 * Lets the lease go at once if `owner` holds it with this token, keeping its row (its token is
 * never handed out again) and in it when the chat last got a message: the later of the row's time
 * and the holder's (which may remember an older message of its own, having sent nothing since).
 * The leader's lease is let go so too (no message: the row's time stays).
 */
export const letGo: PerBackEnd<(db: Kysely<Schema>, args: LetGo) => Promise<void>> = {
  postgres: async (db, { chatKey, owner, token, sentAgoMs, sentClock }) => {
    await runWithSentNow(
      db,
      sentClock,
      (sentNow) =>
        `UPDATE chat_leases SET owner = '', until = 0, sent_at = greatest(${sentNow} - $1::bigint, sent_at)
    WHERE chat_key = $2 AND owner = $3 AND token = $4`,
      [sentAgoMs, chatKey, owner, token],
    );
  },
  sqlite: async (db, { chatKey, owner, token, sentAgoMs, sentClock }) => {
    const sentAt = sentAgoMs === null ? null : sentClock.now() - sentAgoMs;
    await run(
      db,
      "UPDATE chat_leases SET owner = '', until = 0, sent_at = max(coalesce(?, sent_at), coalesce(sent_at, ?)) " +
        "WHERE chat_key = ? AND owner = ? AND token = ?",
      [sentAt, sentAt, chatKey, owner, token],
    );
  },
};
