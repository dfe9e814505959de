import { CompiledQuery } from "kysely";
import { DB_NOW } from "./inbox.js";
import { PREPARED_MARK } from "./prepared.js";
import type { Store } from "./store.js";

/**
 * A lease on a key that is not a chat's (the leader's: src/fleet/leadership.ts), on the same rows
 * and by the same rules as the chats' (src/db/inbox.ts): judged on the database's clock
 * (PostgreSQL's; SQLite's one process keeps its own), processes passing durations, never times;
 * each take hands out a fencing token that only grows, and every renewal and release, and every
 * write made under the lease (src/db/fence.ts), is conditioned on owner and token.
 */
export class LeaseRepository {
  constructor(private readonly store: Store) {}

  /** Takes the lease for `leaseMs` with a new token, unless another holds it now; the token, or undefined. */
  async take(key: string, owner: string, leaseMs: number): Promise<number | undefined> {
    const rows = await this.run<{ token: number | string }>(TAKE, { key, owner, leaseMs });
    return rows[0] === undefined ? undefined : Number(rows[0].token);
  }

  /**
   * Pushes the lease out to `leaseMs` from now if `owner` still holds it with this token (one that
   * ran out and that nobody took is renewed: nobody held it meanwhile); whether it did.
   */
  async renew(key: string, owner: string, token: number, leaseMs: number): Promise<boolean> {
    return (await this.run(RENEW, { key, owner, token, leaseMs })).length > 0;
  }

  /** Lets the lease go at once, if `owner` still holds it with this token (the row stays: its token is never handed out again). */
  async release(key: string, owner: string, token: number): Promise<void> {
    await this.run(RELEASE, { key, owner, token });
  }

  /** Whether someone holds the lease now (its end is still ahead on the database's clock). */
  async heldNow(key: string): Promise<boolean> {
    return (await this.run(HELD_NOW, { key })).length > 0;
  }

  private async run<R>(statements: Statements, parameters: Partial<Record<Parameter, unknown>>): Promise<R[]> {
    const pg = this.store.dialect === "postgres";
    const { text, order } = pg ? statements.postgres : statements.sqlite;
    const now = Date.now();
    const values = order.map((name) => (name === "now" ? now : parameters[name]));
    const result = await this.store.db.executeQuery<R>(CompiledQuery.raw(PREPARED_MARK + text, values));
    return result.rows;
  }
}

/** The parameters a statement takes, in its order; `now` is SQLite's wall clock (PostgreSQL's is its own). */
type Parameter = "key" | "owner" | "token" | "leaseMs" | "now";
interface Statements {
  postgres: { text: string; order: Parameter[] };
  sqlite: { text: string; order: Parameter[] };
}

const TAKE: Statements = {
  postgres: {
    text: `INSERT INTO chat_leases (chat_key, owner, until, token) VALUES ($1, $2, ${DB_NOW} + $3, nextval('chat_lease_tokens'))
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
           WHERE chat_leases.until <= ${DB_NOW} RETURNING token`,
    order: ["key", "owner", "leaseMs"],
  },
  sqlite: {
    text: `INSERT INTO chat_leases (chat_key, owner, until, token)
      VALUES (?, ?, ? + ?, (SELECT coalesce(max(token), 0) + 1 FROM chat_leases))
           ON CONFLICT (chat_key) DO UPDATE SET owner = excluded.owner, until = excluded.until, token = excluded.token
           WHERE chat_leases.until <= ? RETURNING token`,
    order: ["key", "owner", "now", "leaseMs", "now"],
  },
};

const RENEW: Statements = {
  postgres: {
    text: `UPDATE chat_leases SET until = ${DB_NOW} + $4 WHERE chat_key = $1 AND owner = $2 AND token = $3 RETURNING token`,
    order: ["key", "owner", "token", "leaseMs"],
  },
  sqlite: {
    text: "UPDATE chat_leases SET until = ? + ? WHERE chat_key = ? AND owner = ? AND token = ? RETURNING token",
    order: ["now", "leaseMs", "key", "owner", "token"],
  },
};

const RELEASE: Statements = {
  postgres: {
    text: "UPDATE chat_leases SET owner = '', until = 0 WHERE chat_key = $1 AND owner = $2 AND token = $3",
    order: ["key", "owner", "token"],
  },
  sqlite: {
    text: "UPDATE chat_leases SET owner = '', until = 0 WHERE chat_key = ? AND owner = ? AND token = ?",
    order: ["key", "owner", "token"],
  },
};

const HELD_NOW: Statements = {
  postgres: { text: `SELECT 1 AS held FROM chat_leases WHERE chat_key = $1 AND owner <> '' AND until > ${DB_NOW}`, order: ["key"] },
  sqlite: { text: "SELECT 1 AS held FROM chat_leases WHERE chat_key = ? AND owner <> '' AND until > ?", order: ["key", "now"] },
};
