import { CompiledQuery, type Kysely } from "kysely";
import { type Clock, systemClock } from "../clock.js";
import { PREPARED_MARK } from "./prepared.js";
import type { Schema } from "./schema.js";
import type { Store } from "./store.js";

/** An update taken up for handling: its stored JSON, and how many times a process has taken it up (this one included). */
export interface ClaimedUpdate {
  updateId: number;
  chatKey: string;
  payload: string;
  attempts: number;
  /** The fencing token of the chat's lease as claimed (kept while the lease is kept): every write under the lease is conditioned on it. */
  token: number;
  /** How long ago the bot last sent a message into the chat, as the lease's last holder saw it (null: not lately). */
  chatSentAgoMs: number | null;
}

export interface NewInboxUpdate {
  updateId: number;
  chatKey: string;
  payload: string;
}

/** A lease as its holder names it: the chat, and the token of its claim. */
export interface LeaseRef {
  chatKey: string;
  token: number;
}

type ClaimRow = {
  update_id: number;
  chat_key: string;
  payload: string;
  attempts: number;
  token?: number | string;
  sent_ago?: number | string | null;
};
type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * PostgreSQL's clock in epoch ms: every lease is judged on it, whichever process asks
 * (clock_timestamp(), not now(): the time as the statement runs, not as its transaction began).
 */
export const DB_NOW = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/**
 * The inbox of updates (issue 22): stored before Telegram is told they arrived, handled from
 * here by whichever process leases the update's chat, one update of a chat at a time and in
 * update_id order, across every process on the database.
 *
 * A chat's lease is a row of chat_leases: whoever holds it (and keeps renewing it) handles that
 * chat's updates; a lease not renewed by its end (its process was killed, or paused) may be taken
 * by any other. Issue 31: on PostgreSQL every expiry is judged on the database's clock (DB_NOW:
 * processes pass durations, never times), so the hosts' clocks may differ by any amount; SQLite's
 * one process keeps its own clock. Each claim hands out a fencing token, a number that only grows
 * (PostgreSQL: a sequence; SQLite: one more than any row's), and whatever the holder does under the
 * lease (renew, finish, let go, the flow's writes: src/inbox/fence.ts) is conditioned on owner and
 * token, so that a holder that lost the lease is refused rather than believed.
 *
 * A lease let go stays a while as a row with no owner, keeping when the chat last got a message
 * (`sent_at`, on the database's clock too): the next holder keeps Telegram's gap of a second per
 * chat from there, whichever process it is (src/telegram/chat-turns.ts). It crosses processes as
 * an age. A process on a clock of its own (a test's) keeps `sent_at` on that clock, as its outbox
 * does (leases stay on real time: the database's, or SQLite's process's).
 *
 * The statements are written per back end, as SQL, because PostgreSQL does each step in one
 * round trip (a statement with data-modifying CTEs) where SQLite, which has no round trips,
 * takes a transaction of small statements. Both keep the same rule: an update is handed out
 * only to the holder of its chat's lease, and only when no earlier update of the chat waits.
 */
export class InboxRepository {
  /** PostgreSQL: `sent_at` on the database's clock (false: on `clock`, a test's). */
  private readonly sentOnDatabase: boolean;

  /** `clock`: the outbox's, which `sent_at`'s ages are told on (see above). */
  constructor(
    private readonly store: Store,
    private readonly clock: Clock = systemClock,
  ) {
    this.sentOnDatabase = store.dialect === "postgres" && clock === systemClock;
  }

  /** SQLite's leases: its one process's wall clock. */
  private now(): number {
    return Date.now();
  }

  /** PostgreSQL: now, for `sent_at`. */
  private sentNow(): string {
    return this.sentOnDatabase ? DB_NOW : `${Math.trunc(this.clock.now())}::bigint`;
  }

  private run<R>(db: Kysely<Schema>, text: string, parameters: readonly unknown[]): Promise<R[]> {
    // Prepared where the text is the same every time (not with a test's clock written into it).
    const mark = this.store.dialect === "sqlite" || this.sentOnDatabase ? PREPARED_MARK : "";
    return db.executeQuery<R>(CompiledQuery.raw(mark + text, [...parameters])).then((result) => result.rows);
  }

  /** Stores updates not stored before (a repeat of an update_id is dropped); how many were new. */
  async add(updates: readonly NewInboxUpdate[], now: number): Promise<number> {
    if (updates.length === 0) return 0;
    const rows = updates.map((u) => [u.updateId, u.chatKey, u.payload, now] as const);
    const values = rows
      .map((_, i) => (this.store.dialect === "postgres" ? `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})` : "(?, ?, ?, ?)"))
      .join(", ");
    // Not prepared: the number of rows varies (a batch of polled updates).
    const result = await this.store.db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO inbox (update_id, chat_key, payload, received_at) VALUES ${values} ON CONFLICT (update_id) DO NOTHING`,
        rows.flat(),
      ),
    );
    return Number(result.numAffectedRows ?? 0n);
  }

  /**
   * Chats with updates waiting whose lease nobody else holds now (first waiting first), at most
   * `limit`; those `owner` holds are among them.
   */
  async waitingChats(owner: string, limit: number): Promise<string[]> {
    const pg = this.store.dialect === "postgres";
    const rows = await this.run<{ chat_key: string }>(
      this.store.db,
      `SELECT i.chat_key FROM inbox i
       WHERE i.done_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM chat_leases l WHERE l.chat_key = i.chat_key
            AND l.until > ${pg ? DB_NOW : "?"} AND l.owner <> ${pg ? "$1" : "?"})
       GROUP BY i.chat_key ORDER BY min(i.update_id) LIMIT ${pg ? "$2" : "?"}`,
      pg ? [owner, limit] : [this.now(), owner, limit],
    );
    return rows.map((row) => row.chat_key);
  }

  /**
   * Takes (or keeps) the chat's lease for `leaseMs` with a new token, unless another process
   * holds it now, and hands out the chat's first waiting update; undefined when the lease is
   * another's or nothing waits.
   */
  async claim(chatKey: string, owner: string, leaseMs: number): Promise<ClaimedUpdate | undefined> {
    if (this.store.dialect === "postgres") {
      const rows = await this.run<Nullable<ClaimRow> & { leased: number | string; lease_token: number | string | null }>(
        this.store.db,
        // The lease's INSERT may wait for another process's finish on the same row; the update
        // then read as first (from before that finish) may be done by now: `done_at IS NULL` is
        // checked again on the row as it is when updated.
        `WITH leased AS (
           INSERT INTO chat_leases (chat_key, owner, until, token) VALUES ($1, $2, ${DB_NOW} + $3, nextval('chat_lease_tokens'))
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
           WHERE chat_leases.until <= ${DB_NOW} OR chat_leases.owner = $2
           RETURNING chat_key, token, ${this.sentNow()} - sent_at AS sent_ago),
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
      if (row && Number(row.leased) > 0 && row.update_id === null) await this.release({ chatKey, token: Number(row.lease_token) }, owner);
      return row?.update_id == null ? undefined : claimed({ ...row, token: row.lease_token } as ClaimRow);
    }
    return this.store.db.transaction().execute(async (trx) => {
      const now = this.now();
      const leased = await this.run<{ token: number; sent_at: number | null }>(
        trx,
        `INSERT INTO chat_leases (chat_key, owner, until, token) VALUES (?, ?, ?, (SELECT coalesce(max(token), 0) + 1 FROM chat_leases))
         ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
         WHERE chat_leases.until <= ? OR chat_leases.owner = excluded.owner
         RETURNING token, sent_at`,
        [chatKey, owner, now + leaseMs, now],
      );
      const lease = leased[0];
      if (!lease) return undefined;
      const next = (await this.nextOf(trx, chatKey))[0];
      if (!next) {
        await this.letGo(trx, { chatKey, token: lease.token }, owner, null);
        return undefined;
      }
      return claimed({ ...next, token: lease.token, sent_ago: lease.sent_at == null ? null : this.clock.now() - lease.sent_at });
    });
  }

  /**
   * Lets the chat's lease go, if `owner` holds it with this token; `sentAgoMs`: how long ago this
   * holder last sent a message into the chat (null: not while it held it, and what the row says stays).
   */
  async release(lease: LeaseRef, owner: string, sentAgoMs: number | null = null): Promise<void> {
    await this.letGo(this.store.db, lease, owner, sentAgoMs);
  }

  /** Lets the chat's lease go if `owner` holds it with this token, keeping its row for when the chat last got a message. */
  private async letGo(db: Kysely<Schema>, lease: LeaseRef, owner: string, sentAgoMs: number | null): Promise<void> {
    if (this.store.dialect === "postgres")
      await this.run(db, letGoPostgres(this.sentNow()), [sentAgoMs, lease.chatKey, owner, lease.token]);
    else {
      const sentAt = sentAgoMs === null ? null : this.clock.now() - sentAgoMs;
      await this.run(db, LET_GO_SQLITE, [sentAt, sentAt, lease.chatKey, owner, lease.token]);
    }
  }

  /**
   * Takes the chat's turn for `leaseMs` for a message sent from outside its updates (a status
   * message, an alert, a reply that came in the background), unless a process holds it now: the
   * turn's token, and how long ago the chat last got a message as the lease's last holder says;
   * undefined when it is held.
   */
  async takeTurn(chatKey: string, owner: string, leaseMs: number): Promise<{ token: number; sentAgoMs: number | null } | undefined> {
    const pg = this.store.dialect === "postgres";
    const now = this.now();
    const rows = await this.run<{ token: number | string; sent_ago: number | string | null }>(
      this.store.db,
      pg
        ? `INSERT INTO chat_leases (chat_key, owner, until, token) VALUES ($1, $2, ${DB_NOW} + $3, nextval('chat_lease_tokens'))
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
           WHERE chat_leases.until <= ${DB_NOW} RETURNING token, ${this.sentNow()} - sent_at AS sent_ago`
        : `INSERT INTO chat_leases (chat_key, owner, until, token) VALUES (?, ?, ?, (SELECT coalesce(max(token), 0) + 1 FROM chat_leases))
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
           WHERE chat_leases.until <= ? RETURNING token, ? - sent_at AS sent_ago`,
      pg ? [chatKey, owner, leaseMs] : [chatKey, owner, now + leaseMs, now, this.clock.now()],
    );
    const row = rows[0];
    return row ? { token: Number(row.token), sentAgoMs: row.sent_ago == null ? null : Number(row.sent_ago) } : undefined;
  }

  /**
   * Hands an update taken up back unhandled (the process is stopping): its attempt does not
   * count, and the chat's lease goes, for another process to take it up at once. Nothing is
   * done unless `owner` still holds the lease with this token.
   */
  async giveBack(updateId: number, lease: LeaseRef, owner: string, sentAgoMs: number | null = null): Promise<void> {
    const pg = this.store.dialect === "postgres";
    await this.store.db.transaction().execute(async (trx) => {
      // The lease row first (locked until the end): a claim cannot come between the two.
      if (!(await this.holds(trx, lease, owner))) return;
      await this.run(trx, `UPDATE inbox SET attempts = attempts - 1 WHERE update_id = ${pg ? "$1" : "?"} AND done_at IS NULL`, [updateId]);
      await this.letGo(trx, lease, owner, sentAgoMs);
    });
  }

  /**
   * `updateId` is handled: marks it done and hands out the chat's next waiting update, keeping
   * the lease (and its token) for `leaseMs`; with none waiting, lets the lease go (with
   * `sentAgoMs`, as `release`) and returns undefined. Refused (nothing done, undefined) unless
   * `owner` still holds the lease with this token: the update is then the new holder's.
   */
  async finish(
    updateId: number,
    lease: LeaseRef,
    owner: string,
    leaseMs: number,
    sentAgoMs: number | null = null,
  ): Promise<ClaimedUpdate | undefined> {
    const { chatKey, token } = lease;
    if (this.store.dialect === "postgres") {
      // One statement sees the table as it was when it began: the update just marked done still
      // looks waiting to it, hence `update_id <> $1`. An update stored while it ran and left
      // unleased is found by the next look for waiting chats. The lease row is locked first
      // (FOR UPDATE: a claim committed meanwhile is seen, and its token refuses this finish).
      const rows = await this.run<ClaimRow>(
        this.store.db,
        `WITH held AS (SELECT 1 FROM chat_leases WHERE chat_key = $2 AND owner = $3 AND token = $4 FOR UPDATE),
              done AS (UPDATE inbox SET done_at = ${DB_NOW}, payload = ''
                 WHERE update_id = $1 AND EXISTS (SELECT 1 FROM held) RETURNING update_id),
              next AS (SELECT min(update_id) AS id FROM inbox WHERE chat_key = $2 AND done_at IS NULL AND update_id <> $1),
              kept AS (UPDATE chat_leases SET until = ${DB_NOW} + $5
                       WHERE chat_key = $2 AND owner = $3 AND token = $4 AND EXISTS (SELECT 1 FROM done)
                         AND (SELECT id FROM next) IS NOT NULL RETURNING chat_key),
              released AS (UPDATE chat_leases SET owner = '', until = 0, sent_at = greatest(${this.sentNow()} - $6::bigint, sent_at)
                           WHERE chat_key = $2 AND owner = $3 AND token = $4 AND EXISTS (SELECT 1 FROM done)
                             AND (SELECT id FROM next) IS NULL RETURNING chat_key)
         UPDATE inbox SET attempts = attempts + 1
         WHERE update_id = (SELECT id FROM next) AND done_at IS NULL AND EXISTS (SELECT 1 FROM kept)
         RETURNING update_id, chat_key, payload, attempts`,
        [updateId, chatKey, owner, token, leaseMs, sentAgoMs],
      );
      return claimed(rows[0] && { ...rows[0], token });
    }
    return this.store.db.transaction().execute(async (trx) => {
      const now = this.now();
      const kept = await this.run<{ chat_key: string }>(
        trx,
        "UPDATE chat_leases SET until = ? WHERE chat_key = ? AND owner = ? AND token = ? RETURNING chat_key",
        [now + leaseMs, chatKey, owner, token],
      );
      if (kept.length === 0) return undefined;
      await this.run(trx, "UPDATE inbox SET done_at = ?, payload = '' WHERE update_id = ?", [now, updateId]);
      const next = (await this.nextOf(trx, chatKey))[0];
      if (!next) await this.letGo(trx, lease, owner, sentAgoMs);
      return claimed(next && { ...next, token });
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

  /** Whether `owner` holds the lease with this token (PostgreSQL: its row locked to the end of the transaction). */
  private async holds(trx: Kysely<Schema>, lease: LeaseRef, owner: string): Promise<boolean> {
    const pg = this.store.dialect === "postgres";
    const rows = await this.run(
      trx,
      pg
        ? "SELECT 1 AS held FROM chat_leases WHERE chat_key = $1 AND owner = $2 AND token = $3 FOR UPDATE"
        : "SELECT 1 AS held FROM chat_leases WHERE chat_key = ? AND owner = ? AND token = ?",
      [lease.chatKey, owner, lease.token],
    );
    return rows.length > 0;
  }

  /**
   * Pushes out for `leaseMs` the leases `owner` holds with these tokens; the chats whose lease it
   * no longer holds (another process claimed it: its token is not this one's). A lease that ran
   * out and that nobody took is renewed: nobody else held it meanwhile.
   */
  async renew(owner: string, leases: readonly LeaseRef[], leaseMs: number): Promise<string[]> {
    if (leases.length === 0) return [];
    let kept: Set<string>;
    if (this.store.dialect === "postgres") {
      const rows = await this.run<{ chat_key: string }>(
        this.store.db,
        `UPDATE chat_leases l SET until = ${DB_NOW} + $1
         FROM unnest($3::text[], $4::bigint[]) AS held(chat_key, token)
         WHERE l.owner = $2 AND l.chat_key = held.chat_key AND l.token = held.token RETURNING l.chat_key`,
        [leaseMs, owner, leases.map((lease) => lease.chatKey), leases.map((lease) => lease.token)],
      );
      kept = new Set(rows.map((row) => row.chat_key));
    } else {
      kept = await this.store.db.transaction().execute(async (trx) => {
        const found = new Set<string>();
        const until = this.now() + leaseMs;
        for (const lease of leases) {
          const rows = await this.run<{ chat_key: string }>(
            trx,
            "UPDATE chat_leases SET until = ? WHERE owner = ? AND chat_key = ? AND token = ? RETURNING chat_key",
            [until, owner, lease.chatKey, lease.token],
          );
          if (rows.length > 0) found.add(lease.chatKey);
        }
        return found;
      });
    }
    return leases.filter((lease) => !kept.has(lease.chatKey)).map((lease) => lease.chatKey);
  }

  /**
   * Lets every lease go, whoever held it: for SQLite's one process at its start (a process
   * killed before it left leases that would hold its chats for nobody).
   */
  async clearLeases(): Promise<number> {
    const result = await this.store.db.deleteFrom("chat_leases").executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Marks an update done without handing out the next (a stop: the lease goes with the rest),
   * if `owner` still holds the lease with this token; whether it did.
   */
  async markDone(updateId: number, lease: LeaseRef, owner: string): Promise<boolean> {
    const pg = this.store.dialect === "postgres";
    return this.store.db.transaction().execute(async (trx) => {
      if (!(await this.holds(trx, lease, owner))) return false;
      await this.run(
        trx,
        `UPDATE inbox SET done_at = ${pg ? DB_NOW : "?"}, payload = '' WHERE update_id = ${pg ? "$1" : "?"}`,
        pg ? [updateId] : [this.now(), updateId],
      );
      return true;
    });
  }

  /** Forgets updates handled before `before` (their id is kept a while, so that a repeat is known; their content goes when handled). */
  async prune(before: number): Promise<number> {
    const pg = this.store.dialect === "postgres";
    const result = await this.store.db.executeQuery(
      CompiledQuery.raw(`DELETE FROM inbox WHERE done_at IS NOT NULL AND done_at < ${pg ? "$1" : "?"}`, [before]),
    );
    return Number(result.numAffectedRows ?? 0n);
  }

  /**
   * Forgets leases let go (or run out) over `keepMs` ago whose chat got no message since. SQLite
   * keeps those still owned (by its one process, which lets them all go at its start): a row gone
   * would let its token be handed out again.
   */
  async pruneLeases(keepMs: number): Promise<number> {
    const pg = this.store.dialect === "postgres";
    const result = await this.store.db.executeQuery(
      pg
        ? CompiledQuery.raw(`DELETE FROM chat_leases WHERE until < ${DB_NOW} - $1 AND coalesce(sent_at, 0) < ${this.sentNow()} - $1`, [
            keepMs,
          ])
        : CompiledQuery.raw("DELETE FROM chat_leases WHERE owner = '' AND until < ? AND coalesce(sent_at, 0) < ?", [
            this.now() - keepMs,
            this.clock.now() - keepMs,
          ]),
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
const letGoPostgres = (sentNow: string) =>
  `UPDATE chat_leases SET owner = '', until = 0, sent_at = greatest(${sentNow} - $1::bigint, sent_at)
    WHERE chat_key = $2 AND owner = $3 AND token = $4`;
const LET_GO_SQLITE =
  "UPDATE chat_leases SET owner = '', until = 0, sent_at = max(coalesce(?, sent_at), coalesce(sent_at, ?)) " +
  "WHERE chat_key = ? AND owner = ? AND token = ?";

function claimed(row: ClaimRow | undefined): ClaimedUpdate | undefined {
  if (!row || row.update_id === null) return undefined;
  return {
    updateId: Number(row.update_id),
    chatKey: String(row.chat_key),
    payload: String(row.payload),
    attempts: Number(row.attempts),
    token: Number(row.token),
    chatSentAgoMs: row.sent_ago == null ? null : Number(row.sent_ago),
  };
}
