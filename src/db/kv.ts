import type { StorageAdapter } from "grammy";
import { CompiledQuery } from "kysely";
import type { Clock } from "../clock.js";
import { octetLength } from "./dialect.js";
import { currentFence, type Fence, fenced, type Held, preparedFenced, refused, refusedIfLost } from "./fence.js";
import { PREPARED_MARK, prepared } from "./prepared.js";
import type { Store } from "./store.js";

/** The keys under `prefix`: from `prefix:` up to, not including, `prefix;` (the next character). */
const range = (prefix: string) => [`${prefix}:`, `${prefix};`] as const;

/** A LIKE pattern for `text` anywhere; text with LIKE's own wildcards is refused rather than escaped (nothing asks for it). */
function likeAnywhere(text: string): string {
  if (/[%_\\]/.test(text)) throw new Error(`not a literal LIKE text: ${text}`);
  return `%${text}%`;
}

/** A small key-value table; JSON values. */
export class KeyValueStore {
  /**
   * Entries read ahead at the start of an update (UserRepository.arrive), by key: their JSON, or
   * null when absent. Served instead of reading them again, kept current by this store's own
   * writes, forgotten when the update ends (remember's disposer). They are the chat's, and no
   * other update writes them meanwhile: a chat's updates are handled one at a time, by the process
   * holding its lease (src/inbox/; on SQLite the one process, which holds the file's instance
   * lock), and every writer of that process goes through this store. What writes such keys from
   * outside the chat's updates, maybe in another process, writes conditionally: the leader's flow
   * sweep deletes only an idle or oversized flow, and an offers list filled in the background (or
   * by the leader's recovery) replaces its ticket only as it was (replace() reads the database; so does `getStored`, for whoever
   * waits on a ticket another process may answer).
   */
  private readonly known = new Map<string, string | null>();
  // A stored flow is read and written on every update of it: built once.
  private readonly select;
  private readonly upsert;
  private readonly remove;
  // The flow sweep and the alert checker run these every minute.
  private readonly idle;
  private readonly large;
  private readonly removeIdle;
  // The offers' recovery pass runs this every few seconds (src/bot/conversations/offers-recovery.ts).
  private readonly matching;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.select = prepared<[key: string], { value: string }>(store.db, (db, arg) =>
      db.selectFrom("kv").select("value").where("key", "=", arg<string>(0)),
    );
    this.upsert = prepared<[key: string, value: string, now: number], never>(store.db, (db, arg) =>
      db
        .insertInto("kv")
        .values({ key: arg(0), value: arg(1), updated_at: arg(2) })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
        ),
    );
    this.remove = prepared<[key: string], never>(store.db, (db, arg) => db.deleteFrom("kv").where("key", "=", arg<string>(0)));
    this.idle = prepared<[from: string, to: string, before: number], { key: string; value: string }>(store.db, (db, arg) =>
      db
        .selectFrom("kv")
        .select(["key", "value"])
        .where("key", ">=", arg<string>(0))
        .where("key", "<", arg<string>(1))
        .where("updated_at", "<", arg<number>(2))
        .orderBy("updated_at")
        .orderBy("key"),
    );
    this.large = prepared<[from: string, to: string, bytes: number], { key: string }>(store.db, (db, arg) =>
      db
        .selectFrom("kv")
        .select("key")
        .where("key", ">=", arg<string>(0))
        .where("key", "<", arg<string>(1))
        .where((eb) => eb(octetLength(store.dialect, eb.ref("value")), ">", arg<number>(2)))
        .orderBy("key"),
    );
    this.removeIdle = preparedFenced<[from: string, to: string, before: number], never>(store, (db, arg, held) =>
      held(
        db.deleteFrom("kv").where("key", ">=", arg<string>(0)).where("key", "<", arg<string>(1)).where("updated_at", "<", arg<number>(2)),
      ),
    );
    this.matching = prepared<
      [from: string, to: string, since: number, contains: string, lacks: string, limit: number],
      { key: string; value: string }
    >(store.db, (db, arg) =>
      db
        .selectFrom("kv")
        .select(["key", "value"])
        .where("key", ">=", arg<string>(0))
        .where("key", "<", arg<string>(1))
        .where("updated_at", ">=", arg<number>(2))
        .where("value", "like", arg<string>(3))
        .where("value", "not like", arg<string>(4))
        .orderBy("updated_at")
        .orderBy("key")
        .limit(arg<number>(5)),
    );
  }

  async get<T>(key: string): Promise<T | undefined> {
    const json = this.known.has(key) ? this.known.get(key) : (await this.select(this.store.db, key)).rows[0]?.value;
    return json == null ? undefined : (JSON.parse(json) as T);
  }

  /**
   * The entry as stored now, not as read ahead for the update: for an entry another process
   * writes while this one waits on it (the offers' ticket, whose answer another process asks
   * for). What is known of it is brought up to date.
   */
  async getStored<T>(key: string): Promise<T | undefined> {
    const json = (await this.select(this.store.db, key)).rows[0]?.value;
    if (this.known.has(key)) this.known.set(key, json ?? null);
    return json == null ? undefined : (JSON.parse(json) as T);
  }

  /**
   * Serves `entries` (as read at the start of an update) instead of reading them again, until
   * the returned function is called at the update's end. See `known`.
   */
  remember(entries: ReadonlyMap<string, string | null>): () => void {
    for (const [key, json] of entries) this.known.set(key, json);
    return () => {
      for (const key of entries.keys()) this.known.delete(key);
    };
  }

  /** The entries known under `prefix` are not known any more (a write over a range of keys). */
  private forgetRange(prefix: string): void {
    const [from, to] = range(prefix);
    for (const key of this.known.keys()) if (key >= from && key < to) this.known.delete(key);
  }

  /**
   * Writes an entry. This store's writes are fenced (src/db/fence.ts): made while an update is
   * handled or by the leader's duties, each is made only while that lease is still this process's,
   * checked by the statement that writes; else LeaseLostError, and nothing written.
   */
  async set(key: string, value: unknown): Promise<void> {
    await this.write(key, JSON.stringify(value));
  }

  /**
   * Replaces `expected` with `value` (compare-and-set on the stored JSON, as `set` writes it);
   * false, and nothing written, when the entry holds anything else by now or is gone. Fenced when
   * a fence is current, unless `outsideFence`: for a fact from outside (a quote's answer written
   * into its ticket), kept whoever holds the chat by then, the compare-and-set its only guard.
   */
  async replace(key: string, expected: unknown, value: unknown, options: { outsideFence?: boolean } = {}): Promise<boolean> {
    const write = (held: Held) =>
      held(
        this.store.db
          .updateTable("kv")
          .set({ value: JSON.stringify(value), updated_at: this.clock.now() })
          .where("key", "=", key)
          .where("value", "=", JSON.stringify(expected)),
      ).executeTakeFirst();
    const result = options.outsideFence ? await write((statement) => statement) : await fenced(this.store, write);
    this.known.delete(key);
    return result.numUpdatedRows > 0n;
  }

  async delete(key: string): Promise<void> {
    await this.write(key, null);
  }

  /**
   * Writes `json` under `key` (null: deletes the entry), fenced when a fence is current: see set.
   * Known to be absent, an entry is not deleted again (most updates end an offers list or a label
   * question that was never there), and nothing is fenced.
   */
  private async write(key: string, json: string | null): Promise<void> {
    if (json === null && this.known.get(key) === null) return;
    const fence = currentFence();
    if (fence) await this.fencedWrite(fence, key, json);
    else if (json === null) await this.remove(this.store.db, key);
    else await this.upsert(this.store.db, key, json, this.clock.now());
    if (this.known.has(key)) this.known.set(key, json);
  }

  /** Entries under `prefix` not written since `before`, oldest first. */
  async idleSince<T>(prefix: string, before: number): Promise<{ key: string; value: T }[]> {
    const { rows } = await this.idle(this.store.db, ...range(prefix), before);
    return rows.map((row) => ({ key: row.key.slice(prefix.length + 1), value: JSON.parse(row.value) as T }));
  }

  /**
   * Entries under `prefix` written since `since` whose stored JSON holds the text `contains` and
   * not `lacks` (literal: a property's name, say `"outcome":`, which JSON never writes inside a
   * string), oldest first, at most `limit`: one range read of the key, the texts matched there.
   */
  async matchingSince<T>(
    prefix: string,
    filter: { since: number; contains: string; lacks: string; limit: number },
  ): Promise<{ key: string; value: T }[]> {
    const { rows } = await this.matching(
      this.store.db,
      ...range(prefix),
      filter.since,
      likeAnywhere(filter.contains),
      likeAnywhere(filter.lacks),
      filter.limit,
    );
    return rows.map((row) => ({ key: row.key.slice(prefix.length + 1), value: JSON.parse(row.value) as T }));
  }

  /** Deletes an entry only if nobody wrote it since `before`; true when it did. */
  async deleteIfIdle(prefix: string, key: string, before: number): Promise<boolean> {
    this.known.delete(`${prefix}:${key}`);
    const result = await fenced(this.store, (held) =>
      held(this.store.db.deleteFrom("kv").where("key", "=", `${prefix}:${key}`).where("updated_at", "<", before)).executeTakeFirst(),
    );
    return result.numDeletedRows > 0n;
  }

  /** Entries under `prefix` whose stored value is longer than `bytes` (their keys without the prefix). */
  async largerThan(prefix: string, bytes: number): Promise<string[]> {
    const { rows } = await this.large(this.store.db, ...range(prefix), bytes);
    return rows.map((row) => row.key.slice(prefix.length + 1));
  }

  /** Deletes an entry only if its stored value is still longer than `bytes`; true when it did. */
  async deleteIfLarger(prefix: string, key: string, bytes: number): Promise<boolean> {
    this.known.delete(`${prefix}:${key}`);
    const result = await fenced(this.store, (held) =>
      held(
        this.store.db
          .deleteFrom("kv")
          .where("key", "=", `${prefix}:${key}`)
          .where((eb) => eb(octetLength(this.store.dialect, eb.ref("value")), ">", bytes)),
      ).executeTakeFirst(),
    );
    return result.numDeletedRows > 0n;
  }

  /** Deletes the entries under `prefix` not written since `before`; how many. */
  async deleteIdle(prefix: string, before: number): Promise<number> {
    this.forgetRange(prefix);
    const result = await this.removeIdle(this.store.db, ...range(prefix), before);
    return Number(result.numAffectedRows ?? 0n);
  }

  /**
   * Keeps only the `keep` most recently written entries under `prefix`; how many went. Entries
   * written in the same millisecond go by key, a longer key being newer (keys ending in a growing
   * number, such as message ids).
   */
  async keepNewest(prefix: string, keep: number): Promise<number> {
    this.forgetRange(prefix);
    const [from, to] = range(prefix);
    const result = await fenced(this.store, (held) =>
      held(
        this.store.db
          .deleteFrom("kv")
          .where("key", ">=", from)
          .where("key", "<", to)
          .where("key", "not in", (eb) =>
            eb
              .selectFrom("kv")
              .select("key")
              .where("key", ">=", from)
              .where("key", "<", to)
              .orderBy("updated_at", "desc")
              .orderBy((eb) => eb.fn("length", ["key"]), "desc")
              .orderBy("key", "desc")
              .limit(keep),
          ),
      ).executeTakeFirst(),
    );
    return Number(result.numDeletedRows);
  }

  /**
   * Writes `json` under `key` only while the lease still carries the fence's token, in one
   * statement: on PostgreSQL the lease row is read FOR SHARE, so a claim of the chat committed
   * before is seen (and refuses the write), and one coming after waits for the write. Refused, the
   * holder is told to stop and LeaseLostError thrown. `json` null deletes the entry.
   */
  private async fencedWrite(fence: Fence, key: string, json: string | null): Promise<void> {
    const pg = this.store.dialect === "postgres";
    const p = (i: number) => (pg ? `$${i}` : "?");
    const held = `SELECT 1 FROM chat_leases WHERE chat_key = ${p(1)} AND token = ${p(2)}${pg ? " FOR SHARE" : ""}`;
    const run = (text: string, parameters: unknown[]) =>
      this.store.db
        .executeQuery<{ held: number | string }>(CompiledQuery.raw(PREPARED_MARK + text, parameters))
        .then((result) => result.rows);
    // SQLite numbers its `?` in the order they are written.
    const rows =
      json === null
        ? pg
          ? await run(
              `WITH held AS (${held}), gone AS (DELETE FROM kv WHERE key = $3 AND EXISTS (SELECT 1 FROM held) RETURNING 1)
               SELECT (SELECT count(*) FROM held) AS held`,
              [fence.chatKey, fence.token, key],
            )
          : await run(`DELETE FROM kv WHERE key = ? AND EXISTS (${held}) RETURNING 1 AS held`, [key, fence.chatKey, fence.token])
        : await run(
            `INSERT INTO kv (key, value, updated_at) SELECT ${p(3)}, ${p(4)}, ${p(5)} WHERE EXISTS (${held})
             ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at RETURNING 1 AS held`,
            pg ? [fence.chatKey, fence.token, key, json, this.clock.now()] : [key, json, this.clock.now(), fence.chatKey, fence.token],
          );
    if (rows.some((row) => Number(row.held) > 0)) return;
    // SQLite's delete says only what it deleted: nothing, for an entry absent, or a lease lost.
    if (json === null && !pg) return refusedIfLost(this.store.db, fence);
    refused(fence);
  }

  /**
   * A grammY storage adapter for sessions and conversations, each under its own prefix. With
   * `maxBytes`, a value longer than that is not kept: the entry is deleted (for a conversation:
   * it ends) and `onTooLarge` is told.
   *
   * Written while an update is handled under its chat's lease (src/db/fence.ts), an entry is
   * written only if the lease is still this process's (issue 31): else LeaseLostError, and the
   * process that took the chat goes on from the state as it was.
   */
  adapter<T>(prefix: string, cap?: { maxBytes: number; onTooLarge(key: string, bytes: number): void }): StorageAdapter<T> {
    const write = (key: string, json: string | null) => this.write(key, json);
    return {
      read: (key) => this.get<T>(`${prefix}:${key}`),
      write: async (key, value) => {
        // Serialized once: it is measured and written as is (a conversation's state, every update).
        const json = JSON.stringify(value);
        const bytes = cap === undefined ? 0 : Buffer.byteLength(json);
        if (cap === undefined || bytes <= cap.maxBytes) return write(`${prefix}:${key}`, json);
        await write(`${prefix}:${key}`, null);
        cap.onTooLarge(key, bytes);
      },
      delete: (key) => write(`${prefix}:${key}`, null),
    };
  }
}
