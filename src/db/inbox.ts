import { CompiledQuery, type Kysely } from "kysely";
import { PREPARED_MARK } from "./prepared.js";
import type { Schema } from "./schema.js";
import type { Store } from "./store.js";

/** An update taken up for handling: its stored JSON, and how many times a process has taken it up (this one included). */
export interface ClaimedUpdate {
  updateId: number;
  chatKey: string;
  payload: string;
  attempts: number;
  /** When the bot last sent a message into the chat, as the lease's last holder saw it (null: not lately). */
  chatSentAt: number | null;
}

export interface NewInboxUpdate {
  updateId: number;
  chatKey: string;
  payload: string;
}

type ClaimRow = { update_id: number; chat_key: string; payload: string; attempts: number; sent_at?: number | string | null };
type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * The inbox of updates (issue 22): stored before Telegram is told they arrived, handled from
 * here by whichever process leases the update's chat, one update of a chat at a time and in
 * update_id order, across every process on the database.
 *
 * A chat's lease is a row of chat_leases: whoever holds it (and keeps renewing it) handles that
 * chat's updates; a lease not renewed by its end (its process was killed) may be taken by any
 * other. Times are the processes' wall clocks (epoch ms), compared across processes: keep them
 * in sync (NTP), as leases last seconds. A lease let go stays a while as a row with no owner,
 * keeping when the chat last got a message (`sent_at`): the next holder keeps Telegram's gap of
 * a second per chat from there, whichever process it is (src/telegram/chat-turns.ts).
 *
 * The statements are written per back end, as SQL, because PostgreSQL does each step in one
 * round trip (a statement with data-modifying CTEs) where SQLite, which has no round trips,
 * takes a transaction of small statements. Both keep the same rule: an update is handed out
 * only to the holder of its chat's lease, and only when no earlier update of the chat waits.
 */
export class InboxRepository {
  constructor(private readonly store: Store) {}

  private run<R>(db: Kysely<Schema>, text: string, parameters: readonly unknown[]): Promise<R[]> {
    return db.executeQuery<R>(CompiledQuery.raw(PREPARED_MARK + text, [...parameters])).then((result) => result.rows);
  }

  /** Stores updates not stored before (a repeat of an update_id is dropped); how many were new. */
  async add(updates: readonly NewInboxUpdate[], now: number): Promise<number> {
    if (updates.length === 0) return 0;
    const rows = updates.map((u) => [u.updateId, u.chatKey, u.payload, now] as const);
    const values = rows.map((_, i) => (this.store.dialect === "postgres" ? `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})` : "(?, ?, ?, ?)")).join(", ");
    // Not prepared: the number of rows varies (a batch of polled updates).
    const result = await this.store.db.executeQuery(
      CompiledQuery.raw(`INSERT INTO inbox (update_id, chat_key, payload, received_at) VALUES ${values} ON CONFLICT (update_id) DO NOTHING`, rows.flat()),
    );
    return Number(result.numAffectedRows ?? 0n);
  }

  /**
   * Chats with updates waiting whose lease nobody else holds now (first waiting first), at most
   * `limit`; those `owner` holds are among them.
   */
  async waitingChats(owner: string, now: number, limit: number): Promise<string[]> {
    const pg = this.store.dialect === "postgres";
    const rows = await this.run<{ chat_key: string }>(
      this.store.db,
      `SELECT i.chat_key FROM inbox i
       WHERE i.done_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM chat_leases l WHERE l.chat_key = i.chat_key AND l.until > ${pg ? "$2" : "?"} AND l.owner <> ${pg ? "$1" : "?"})
       GROUP BY i.chat_key ORDER BY min(i.update_id) LIMIT ${pg ? "$3" : "?"}`,
      pg ? [owner, now, limit] : [now, owner, limit],
    );
    return rows.map((row) => row.chat_key);
  }

  /**
   * Takes (or keeps) the chat's lease until `until`, unless another process holds it now, and
   * hands out the chat's first waiting update; undefined when the lease is another's or nothing waits.
   */
  async claim(chatKey: string, owner: string, now: number, until: number): Promise<ClaimedUpdate | undefined> {
    if (this.store.dialect === "postgres") {
      const rows = await this.run<Nullable<ClaimRow> & { leased: number | string }>(
        this.store.db,
        // The lease's INSERT may wait for another process's finish on the same row; the update
        // then read as first (from before that finish) may be done by now: `done_at IS NULL` is
        // checked again on the row as it is when updated.
        `WITH leased AS (
           INSERT INTO chat_leases (chat_key, owner, until) VALUES ($1, $2, $4)
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until
           WHERE chat_leases.until <= $3 OR chat_leases.owner = $2
           RETURNING chat_key, sent_at),
         taken AS (
           UPDATE inbox SET attempts = attempts + 1
           WHERE update_id = (SELECT min(update_id) FROM inbox WHERE chat_key = $1 AND done_at IS NULL)
             AND done_at IS NULL AND EXISTS (SELECT 1 FROM leased)
           RETURNING update_id, chat_key, payload, attempts)
         SELECT taken.*, (SELECT count(*) FROM leased) AS leased, (SELECT sent_at FROM leased) AS sent_at FROM (SELECT 1) AS one LEFT JOIN taken ON true`,
        [chatKey, owner, now, until],
      );
      const row = rows[0];
      // Leased with nothing to hand out: let the chat go again, not hold it idle.
      if (row && Number(row.leased) > 0 && row.update_id === null) await this.release(chatKey, owner);
      return row?.update_id == null ? undefined : claimed(row);
    }
    return this.store.db.transaction().execute(async (trx) => {
      const leased = await this.run<{ chat_key: string; sent_at: number | null }>(
        trx,
        `INSERT INTO chat_leases (chat_key, owner, until) VALUES (?, ?, ?)
         ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until
         WHERE chat_leases.until <= ? OR chat_leases.owner = excluded.owner
         RETURNING chat_key, sent_at`,
        [chatKey, owner, until, now],
      );
      if (leased.length === 0) return undefined;
      const next = claimed((await this.nextOf(trx, chatKey))[0], leased[0]?.sent_at);
      if (!next) await this.letGo(trx, chatKey, owner, null);
      return next;
    });
  }

  /**
   * Lets the chat's lease go, if `owner` holds it; `sentAt`: when this holder last sent a
   * message into the chat (null: not while it held it, and what the row says stays).
   */
  async release(chatKey: string, owner: string, sentAt: number | null = null): Promise<void> {
    await this.letGo(this.store.db, chatKey, owner, sentAt);
  }

  /** Lets the chat's lease go if `owner` holds it, keeping its row for when the chat last got a message. */
  private async letGo(db: Kysely<Schema>, chatKey: string, owner: string, sentAt: number | null): Promise<void> {
    if (this.store.dialect === "postgres") await this.run(db, LET_GO_POSTGRES, [sentAt, chatKey, owner]);
    else await this.run(db, LET_GO_SQLITE, [sentAt, sentAt, chatKey, owner]);
  }

  /**
   * Takes the chat's turn for a message sent from outside its updates (a status message, an
   * alert, a reply that came in the background), unless a process holds it now: what the
   * lease's last holder says of the chat's last message; undefined when it is held.
   */
  async takeTurn(chatKey: string, owner: string, now: number, until: number): Promise<{ sentAt: number | null } | undefined> {
    const pg = this.store.dialect === "postgres";
    const rows = await this.run<{ sent_at: number | string | null }>(
      this.store.db,
      pg
        ? `INSERT INTO chat_leases (chat_key, owner, until) VALUES ($1, $2, $3)
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until
           WHERE chat_leases.until <= $4 RETURNING sent_at`
        : `INSERT INTO chat_leases (chat_key, owner, until) VALUES (?, ?, ?)
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until
           WHERE chat_leases.until <= ? RETURNING sent_at`,
      [chatKey, owner, until, now],
    );
    const row = rows[0];
    return row ? { sentAt: row.sent_at == null ? null : Number(row.sent_at) } : undefined;
  }

  /**
   * Hands an update taken up back unhandled (the process is stopping): its attempt does not
   * count, and the chat's lease goes, for another process to take it up at once.
   */
  async giveBack(updateId: number, chatKey: string, owner: string, sentAt: number | null = null): Promise<void> {
    const pg = this.store.dialect === "postgres";
    await this.store.db.transaction().execute(async (trx) => {
      await this.run(trx, `UPDATE inbox SET attempts = attempts - 1 WHERE update_id = ${pg ? "$1" : "?"} AND done_at IS NULL`, [updateId]);
      await this.letGo(trx, chatKey, owner, sentAt);
    });
  }

  /**
   * `updateId` is handled: marks it done and hands out the chat's next waiting update, keeping
   * the lease until `until`; with none waiting, lets the lease go (with `sentAt`, as `release`)
   * and returns undefined.
   */
  async finish(updateId: number, chatKey: string, owner: string, now: number, until: number, sentAt: number | null = null): Promise<ClaimedUpdate | undefined> {
    if (this.store.dialect === "postgres") {
      // One statement sees the table as it was when it began: the update just marked done still
      // looks waiting to it, hence `update_id <> $1`. An update stored while it ran and left
      // unleased is found by the next look for waiting chats.
      const rows = await this.run<ClaimRow>(
        this.store.db,
        `WITH done AS (UPDATE inbox SET done_at = $4, payload = '' WHERE update_id = $1 RETURNING update_id),
              next AS (SELECT min(update_id) AS id FROM inbox WHERE chat_key = $2 AND done_at IS NULL AND update_id <> $1),
              kept AS (UPDATE chat_leases SET until = $5 WHERE chat_key = $2 AND owner = $3 AND (SELECT id FROM next) IS NOT NULL RETURNING chat_key),
              released AS (UPDATE chat_leases SET owner = '', until = 0, sent_at = greatest($6::bigint, sent_at)
                           WHERE chat_key = $2 AND owner = $3 AND (SELECT id FROM next) IS NULL RETURNING chat_key)
         UPDATE inbox SET attempts = attempts + 1
         WHERE update_id = (SELECT id FROM next) AND done_at IS NULL AND EXISTS (SELECT 1 FROM kept) AND EXISTS (SELECT 1 FROM done)
         RETURNING update_id, chat_key, payload, attempts`,
        [updateId, chatKey, owner, now, until, sentAt],
      );
      return claimed(rows[0]);
    }
    return this.store.db.transaction().execute(async (trx) => {
      await this.run(trx, "UPDATE inbox SET done_at = ?, payload = '' WHERE update_id = ?", [now, updateId]);
      const kept = await this.run<{ chat_key: string }>(trx, "UPDATE chat_leases SET until = ? WHERE chat_key = ? AND owner = ? RETURNING chat_key", [until, chatKey, owner]);
      if (kept.length === 0) return undefined;
      const next = claimed((await this.nextOf(trx, chatKey))[0]);
      if (!next) await this.letGo(trx, chatKey, owner, sentAt);
      return next;
    });
  }

  /** SQLite: the chat's first waiting update, taken up once more. */
  private nextOf(trx: Kysely<Schema>, chatKey: string): Promise<ClaimRow[]> {
    return this.run<ClaimRow>(
      trx,
      `UPDATE inbox SET attempts = attempts + 1
       WHERE update_id = (SELECT min(update_id) FROM inbox WHERE chat_key = ? AND done_at IS NULL)
       RETURNING update_id, chat_key, payload, attempts`,
      [chatKey],
    );
  }

  /** Pushes out the leases `owner` holds on `chatKeys` to `until`; the chats whose lease it no longer holds. */
  async renew(owner: string, chatKeys: readonly string[], until: number): Promise<string[]> {
    if (chatKeys.length === 0) return [];
    const pg = this.store.dialect === "postgres";
    const list = chatKeys.map((_, i) => (pg ? `$${i + 3}` : "?")).join(", ");
    const result = await this.store.db.executeQuery<{ chat_key: string }>(
      CompiledQuery.raw(`UPDATE chat_leases SET until = ${pg ? "$1" : "?"} WHERE owner = ${pg ? "$2" : "?"} AND chat_key IN (${list}) RETURNING chat_key`, [until, owner, ...chatKeys]),
    );
    const kept = new Set(result.rows.map((row) => row.chat_key));
    return chatKeys.filter((key) => !kept.has(key));
  }

  /**
   * Lets every lease go, whoever held it: for SQLite's one process at its start (a process
   * killed before it left leases that would hold its chats up to 10 s for nobody).
   */
  async clearLeases(): Promise<number> {
    const result = await this.store.db.deleteFrom("chat_leases").executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Marks an update done without handing out the next (a stop: the lease goes with the rest). */
  async markDone(updateId: number, now: number): Promise<void> {
    const pg = this.store.dialect === "postgres";
    await this.store.db.executeQuery(CompiledQuery.raw(`UPDATE inbox SET done_at = ${pg ? "$1" : "?"}, payload = '' WHERE update_id = ${pg ? "$2" : "?"}`, [now, updateId]));
  }

  /** Forgets updates handled before `before` (their id is kept a while, so that a repeat is known; their content goes when handled). */
  async prune(before: number): Promise<number> {
    const pg = this.store.dialect === "postgres";
    const result = await this.store.db.executeQuery(CompiledQuery.raw(`DELETE FROM inbox WHERE done_at IS NOT NULL AND done_at < ${pg ? "$1" : "?"}`, [before]));
    return Number(result.numAffectedRows ?? 0n);
  }

  /** Forgets leases let go (or run out) before `before` whose chat got no message since. */
  async pruneLeases(before: number): Promise<number> {
    const pg = this.store.dialect === "postgres";
    const result = await this.store.db.executeQuery(
      CompiledQuery.raw(`DELETE FROM chat_leases WHERE until < ${pg ? "$1" : "?"} AND coalesce(sent_at, 0) < ${pg ? "$1" : "?"}`, pg ? [before] : [before, before]),
    );
    return Number(result.numAffectedRows ?? 0n);
  }

  /** Updates waiting, and when the oldest of them arrived (for /metrics and /healthz). */
  async waiting(): Promise<{ count: number; oldestAt: number | null }> {
    const rows = await this.run<{ n: number | string; oldest: number | string | null }>(
      this.store.db,
      "SELECT count(*) AS n, min(received_at) AS oldest FROM inbox WHERE done_at IS NULL",
      [],
    );
    const row = rows[0];
    return { count: Number(row?.n ?? 0), oldestAt: row?.oldest == null ? null : Number(row.oldest) };
  }
}

/**
 * Lets a lease go, keeping the row for when the chat last got a message: the later of the row's
 * time and the holder's (which may remember an older message of its own, having sent nothing since).
 */
const LET_GO_POSTGRES = "UPDATE chat_leases SET owner = '', until = 0, sent_at = greatest($1::bigint, sent_at) WHERE chat_key = $2 AND owner = $3";
const LET_GO_SQLITE = "UPDATE chat_leases SET owner = '', until = 0, sent_at = max(coalesce(?, sent_at), coalesce(sent_at, ?)) WHERE chat_key = ? AND owner = ?";

/** `sentAt`: the lease row's, where the row handing the update out is not the lease's. */
function claimed(row: ClaimRow | Nullable<ClaimRow> | undefined, sentAt?: number | string | null): ClaimedUpdate | undefined {
  if (!row || row.update_id === null) return undefined;
  const sent = sentAt ?? row.sent_at;
  return {
    updateId: Number(row.update_id),
    chatKey: String(row.chat_key),
    payload: String(row.payload),
    attempts: Number(row.attempts),
    chatSentAt: sent == null ? null : Number(sent),
  };
}
