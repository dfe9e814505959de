import type { StorageAdapter } from "grammy";
import type { Clock } from "../clock.js";
import type { Db } from "./database.js";

/** A small key-value table; JSON values. */
export class KeyValueStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  get<T>(key: string): T | undefined {
    const row = this.db.prepare("SELECT value FROM kv WHERE key = ?").get(key) as { value: string } | undefined;
    return row === undefined ? undefined : (JSON.parse(row.value) as T);
  }

  set(key: string, value: unknown): void {
    this.db
      .prepare("INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
      .run(key, JSON.stringify(value), this.clock.now());
  }

  delete(key: string): void {
    this.db.prepare("DELETE FROM kv WHERE key = ?").run(key);
  }

  /** A grammY storage adapter for sessions and conversations, each under its own prefix. */
  adapter<T>(prefix: string): StorageAdapter<T> {
    return {
      read: (key) => this.get<T>(`${prefix}:${key}`),
      write: (key, value) => this.set(`${prefix}:${key}`, value),
      delete: (key) => this.delete(`${prefix}:${key}`),
    };
  }
}
