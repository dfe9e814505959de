import type { Kysely } from "kysely";
import type { Clock } from "../../clock.js";
import type { Schema } from "../schema.js";
import { DB_NOW, type PerBackEnd, run, runWithSentNow, sqliteNow } from "./back-end.js";

export interface Take {
  /** The chat's key, or the leader's. */
  chatKey: string;
  owner: string;
  leaseMs: number;
  /** The clock `sent_at` is kept on (the outbox's: back-end.ts). */
  sentClock: Clock;
}

/** The token taken, and how long ago the lease's row says the chat last got a message (null: not lately). */
export interface Taken {
  token: number;
  sentAgoMs: number | null;
}

type TakenRow = { token: number | string; sent_ago: number | string | null };

/**
 * Takes the lease for `leaseMs` with a new token, unless someone holds it now (its own holder
 * too): a chat's turn for a message sent from outside its updates, and the leader's lease. The
 * token comes from a sequence on PostgreSQL, and is one more than any row's on SQLite.
 */
export const take: PerBackEnd<(db: Kysely<Schema>, args: Take) => Promise<Taken | undefined>> = {
  postgres: async (db, { chatKey, owner, leaseMs, sentClock }) =>
    taken(
      await runWithSentNow<TakenRow>(
        db,
        sentClock,
        (sentNow) =>
          `INSERT INTO chat_leases (chat_key, owner, until, token) VALUES ($1, $2, ${DB_NOW} + $3, nextval('chat_lease_tokens'))
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
           WHERE chat_leases.until <= ${DB_NOW} RETURNING token, ${sentNow} - sent_at AS sent_ago`,
        [chatKey, owner, leaseMs],
      ),
    ),
  sqlite: async (db, { chatKey, owner, leaseMs, sentClock }) => {
    const now = sqliteNow();
    return taken(
      await run<TakenRow>(
        db,
        `INSERT INTO chat_leases (chat_key, owner, until, token) VALUES (?, ?, ?, (SELECT coalesce(max(token), 0) + 1 FROM chat_leases))
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
           WHERE chat_leases.until <= ? RETURNING token, ? - sent_at AS sent_ago`,
        [chatKey, owner, now + leaseMs, now, sentClock.now()],
      ),
    );
  },
};

function taken({ rows: [row] }: { rows: TakenRow[] }): Taken | undefined {
  return row ? { token: Number(row.token), sentAgoMs: row.sent_ago == null ? null : Number(row.sent_ago) } : undefined;
}
