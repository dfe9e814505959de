import type { Kysely } from "kysely";
import type { Clock } from "../../clock.js";
import type { Schema } from "../schema.js";
import { DB_NOW, type PerBackEnd, rowsOf, runWithSentNow, sqliteNow } from "./back-end.js";
import { letGo } from "./let-go.js";
import { takeUpNext } from "./take-up-next.js";
import { type ClaimedUpdate, type ClaimRow, claimed } from "./updates.js";

export interface Claim {
  chatKey: string;
  owner: string;
  leaseMs: number;
  /** The clock `sent_at` is kept on (the outbox's: back-end.ts). */
  sentClock: Clock;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * Takes (or keeps) the chat's lease for `leaseMs` with a new token, unless another process holds
 * it now, and hands out the chat's first waiting update; undefined when the lease is another's or
 * nothing waits (the lease is then let go again, not held idle).
 */
export const claimUpdate: PerBackEnd<(db: Kysely<Schema>, args: Claim) => Promise<ClaimedUpdate | undefined>> = {
  postgres: async (db, { chatKey, owner, leaseMs, sentClock }) => {
    const { rows } = await runWithSentNow<Nullable<ClaimRow> & { leased: number | string; lease_token: number | string | null }>(
      db,
      sentClock,
      // The lease's INSERT may wait for another process's finish on the same row; the update
      // then read as first (from before that finish) may be done by now: `done_at IS NULL` is
      // checked again on the row as it is when updated.
      (sentNow) => `WITH leased AS (
           INSERT INTO chat_leases (chat_key, owner, until, token) VALUES ($1, $2, ${DB_NOW} + $3, nextval('chat_lease_tokens'))
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
           WHERE chat_leases.until <= ${DB_NOW} OR chat_leases.owner = $2
           RETURNING chat_key, token, ${sentNow} - sent_at AS sent_ago),
         taken AS (
           UPDATE inbox SET attempts = attempts + 1
           WHERE update_id = (SELECT min(update_id) FROM inbox WHERE chat_key = $1 AND done_at IS NULL)
             AND done_at IS NULL AND EXISTS (SELECT 1 FROM leased)
           RETURNING update_id, chat_key, payload, attempts)
         SELECT taken.*, (SELECT count(*) FROM leased) AS leased,
            (SELECT token FROM leased) AS lease_token, (SELECT sent_ago FROM leased) AS sent_ago
         FROM (SELECT 1) AS one LEFT JOIN taken ON true`,
      [chatKey, owner, leaseMs],
    );
    const row = rows[0];
    // Leased with nothing to hand out: let the chat go again, not hold it idle.
    if (row && Number(row.leased) > 0 && row.update_id === null)
      await letGo.postgres(db, { chatKey, owner, token: Number(row.lease_token), sentAgoMs: null, sentClock });
    return row?.update_id == null ? undefined : claimed({ ...row, token: row.lease_token } as ClaimRow);
  },
  sqlite: (db, { chatKey, owner, leaseMs, sentClock }) =>
    db.transaction().execute(async (trx) => {
      const now = sqliteNow();
      const [lease] = await rowsOf<{ token: number; sent_at: number | null }>(
        trx,
        `INSERT INTO chat_leases (chat_key, owner, until, token) VALUES (?, ?, ?, (SELECT coalesce(max(token), 0) + 1 FROM chat_leases))
         ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
         WHERE chat_leases.until <= ? OR chat_leases.owner = excluded.owner
         RETURNING token, sent_at`,
        [chatKey, owner, now + leaseMs, now],
      );
      if (!lease) return undefined;
      const next = await takeUpNext.sqlite(trx, chatKey);
      if (!next) {
        await letGo.sqlite(trx, { chatKey, owner, token: lease.token, sentAgoMs: null, sentClock });
        return undefined;
      }
      return claimed({ ...next, token: lease.token, sent_ago: lease.sent_at == null ? null : sentClock.now() - lease.sent_at });
    }),
};
