import type { Kysely } from "kysely";
import type { Clock } from "../../clock.js";
import type { Schema } from "../schema.js";
import { DB_NOW, type PerBackEnd, runWithSentNow } from "./back-end.js";
import { letGo } from "./let-go.js";
import { setDone } from "./mark-done.js";
import { renew } from "./renew.js";
import { takeUpNext } from "./take-up-next.js";
import { type ClaimedUpdate, type ClaimRow, claimed, type HeldBy } from "./updates.js";

export interface Finish extends HeldBy {
  updateId: number;
  leaseMs: number;
  /** How long ago the holder last sent a message into the chat, for the lease let go (as let-go.ts). */
  sentAgoMs: number | null;
  /** The clock `sent_at` is kept on (the outbox's: back-end.ts). */
  sentClock: Clock;
}

/**
 * Marks `updateId` done and hands out the chat's next waiting update, keeping the lease (and its
 * token) for `leaseMs`; with none waiting, lets the lease go and hands out nothing. Refused
 * (nothing done, undefined) unless `owner` still holds the lease with this token.
 */
export const finishUpdate: PerBackEnd<(db: Kysely<Schema>, args: Finish) => Promise<ClaimedUpdate | undefined>> = {
  postgres: async (db, { updateId, chatKey, owner, token, leaseMs, sentAgoMs, sentClock }) => {
    // One statement sees the table as it was when it began: the update just marked done still
    // looks waiting to it, hence `update_id <> $1`. An update stored while it ran and left
    // unleased is found by the next look for waiting chats. The lease row is locked first
    // (FOR UPDATE: a claim committed meanwhile is seen, and its token refuses this finish).
    const { rows } = await runWithSentNow<ClaimRow>(
      db,
      sentClock,
      (sentNow) => `WITH held AS (SELECT 1 FROM chat_leases WHERE chat_key = $2 AND owner = $3 AND token = $4 FOR UPDATE),
              done AS (UPDATE inbox SET done_at = ${DB_NOW}, payload = ''
                 WHERE update_id = $1 AND EXISTS (SELECT 1 FROM held) RETURNING update_id),
              next AS (SELECT min(update_id) AS id FROM inbox WHERE chat_key = $2 AND done_at IS NULL AND update_id <> $1),
              kept AS (UPDATE chat_leases SET until = ${DB_NOW} + $5
                       WHERE chat_key = $2 AND owner = $3 AND token = $4 AND EXISTS (SELECT 1 FROM done)
                         AND (SELECT id FROM next) IS NOT NULL RETURNING chat_key),
              released AS (UPDATE chat_leases SET owner = '', until = 0, sent_at = greatest(${sentNow} - $6::bigint, sent_at)
                           WHERE chat_key = $2 AND owner = $3 AND token = $4 AND EXISTS (SELECT 1 FROM done)
                             AND (SELECT id FROM next) IS NULL RETURNING chat_key)
         UPDATE inbox SET attempts = attempts + 1
         WHERE update_id = (SELECT id FROM next) AND done_at IS NULL AND EXISTS (SELECT 1 FROM kept)
         RETURNING update_id, chat_key, payload, attempts`,
      [updateId, chatKey, owner, token, leaseMs, sentAgoMs],
    );
    return claimed(rows[0] && { ...rows[0], token });
  },
  sqlite: (db, { updateId, chatKey, owner, token, leaseMs, sentAgoMs, sentClock }) =>
    db.transaction().execute(async (trx) => {
      if (!(await renew.sqlite(trx, { chatKey, owner, token, leaseMs }))) return undefined;
      await setDone.sqlite(trx, updateId);
      const next = await takeUpNext.sqlite(trx, chatKey);
      if (!next) await letGo.sqlite(trx, { chatKey, owner, token, sentAgoMs, sentClock });
      return claimed(next && { ...next, token });
    }),
};
