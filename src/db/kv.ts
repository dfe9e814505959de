import type { StorageAdapter } from "grammy";
import type { Clock } from "../clock.js";
import type { Db } from "./database.js";
import { statementCache } from "./statements.js";

/** A small key-value table; JSON values. */
export class KeyValueStore {
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.sql = statementCache(db);
  }

  get<T>(key: string): T | undefined {
    const row = this.sql("SELECT value FROM kv WHERE key = ?").get(key) as { value: string } | undefined;
    return row === undefined ? undefined : (JSON.parse(row.value) as T);
  }

  set(key: string, value: unknown): void {
    this.setJson(key, JSON.stringify(value));
  }

  private setJson(key: string, json: string): void {
    this.sql("INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
      .run(key, json, this.clock.now());
  }

  delete(key: string): void {
    this.sql("DELETE FROM kv WHERE key = ?").run(key);
  }

  /** Entries under `prefix` not written since `before`, oldest first. */
  idleSince<T>(prefix: string, before: number): { key: string; value: T }[] {
    const rows = this.sql("SELECT key, value FROM kv WHERE key >= ? AND key < ? AND updated_at < ? ORDER BY updated_at")
      .all(`${prefix}:`, `${prefix};`, before) as { key: string; value: string }[];
    return rows.map((row) => ({ key: row.key.slice(prefix.length + 1), value: JSON.parse(row.value) as T }));
  }

  /** Deletes an entry only if nobody wrote it since `before`; true when it did. */
  deleteIfIdle(prefix: string, key: string, before: number): boolean {
    return this.sql("DELETE FROM kv WHERE key = ? AND updated_at < ?").run(`${prefix}:${key}`, before).changes > 0;
  }

  /** Entries under `prefix` whose stored value is longer than `bytes` (their keys without the prefix). */
  largerThan(prefix: string, bytes: number): string[] {
    const keys = this.sql("SELECT key FROM kv WHERE key >= ? AND key < ? AND length(CAST(value AS BLOB)) > ?").pluck().all(`${prefix}:`, `${prefix};`, bytes) as string[];
    return keys.map((key) => key.slice(prefix.length + 1));
  }

  /** Deletes the entries under `prefix` not written since `before`; how many. */
  deleteIdle(prefix: string, before: number): number {
    return this.sql("DELETE FROM kv WHERE key >= ? AND key < ? AND updated_at < ?").run(`${prefix}:`, `${prefix};`, before).changes;
  }

  /**
   * Keeps only the `keep` most recently written entries under `prefix`; how many went. Entries
   * written in the same millisecond go by key, a longer key being newer (keys ending in a growing
   * number, such as message ids).
   */
  keepNewest(prefix: string, keep: number): number {
    return this.sql(
      `DELETE FROM kv WHERE key >= @from AND key < @to AND key NOT IN
         (SELECT key FROM kv WHERE key >= @from AND key < @to ORDER BY updated_at DESC, length(key) DESC, key DESC LIMIT @keep)`,
    ).run({ from: `${prefix}:`, to: `${prefix};`, keep }).changes;
  }

  /**
   * A grammY storage adapter for sessions and conversations, each under its own prefix. With
   * `maxBytes`, a value longer than that is not kept: the entry is deleted (for a conversation:
   * it ends) and `onTooLarge` is told.
   */
  adapter<T>(prefix: string, cap?: { maxBytes: number; onTooLarge(key: string, bytes: number): void }): StorageAdapter<T> {
    return {
      read: (key) => this.get<T>(`${prefix}:${key}`),
      write: (key, value) => {
        // Serialized once: it is measured and written as is (a conversation's state, every update).
        const json = JSON.stringify(value);
        const bytes = cap === undefined ? 0 : Buffer.byteLength(json);
        if (cap === undefined || bytes <= cap.maxBytes) return this.setJson(`${prefix}:${key}`, json);
        this.delete(`${prefix}:${key}`);
        cap.onTooLarge(key, bytes);
      },
      delete: (key) => this.delete(`${prefix}:${key}`),
    };
  }
}
