import pg from "pg";
import { connectionConfig, connectError, postgresTarget } from "./connect.js";
import { LOCK_KEYS } from "./locks.js";

export interface PgLeaderLockOptions {
  connectTimeoutMs?: number;
  /**
   * Told once if the lock's connection breaks while held (the server restarted, the network
   * dropped it): the server has then let the lock go and another instance may take it, so this
   * one must stop its leader's duties at once.
   */
  onLost?: (error: Error) => void;
}

/**
 * PostgreSQL's leader lock: of the instances on one database, the one holding it is the leader
 * and runs the background duties (polling Telegram, the tracker, rate alerts, the catalogue's
 * refresh, the flow sweeper; see src/leadership.ts); the others follow and try again. It is a
 * session advisory lock on a connection of its own (not the pool's: a pooled connection goes
 * back to the pool and would take the lock with it), so the server lets it go when that
 * connection ends, however the process ended. Session locks need a direct connection (or a
 * session-mode pooler): a transaction-mode pooler such as PgBouncer's default would share the session.
 */
export class PgLeaderLock {
  /** Taken, and neither released nor lost. */
  private held = false;

  private constructor(
    private readonly client: pg.Client,
    private readonly onLost: ((error: Error) => void) | undefined,
  ) {
    // A connection error while idle is an event, not a rejection: without a listener it would crash.
    client.on("error", (error) => this.lost(error));
    client.on("end", () => this.lost(new Error("the leader lock's connection to PostgreSQL ended")));
  }

  /** The lock, or undefined while another process holds it. */
  static async tryAcquire(url: string, options: PgLeaderLockOptions = {}): Promise<PgLeaderLock | undefined> {
    const target = postgresTarget(url);
    const client = new pg.Client({ ...connectionConfig(url, options), application_name: "swap-bot leader lock" });
    const lock = new PgLeaderLock(client, options.onLost);
    try {
      await client.connect();
    } catch (error) {
      throw connectError(error, target, options.connectTimeoutMs ?? 10_000);
    }
    try {
      // The server holds the lock until it sees the connection end; with these keepalives it
      // notices a vanished host within about a minute and a half, not the system's two hours.
      const results = (await client.query(
        `SET tcp_keepalives_idle = 60; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3;
         SELECT pg_try_advisory_lock(${LOCK_KEYS.leader}) AS locked`,
      )) as unknown as pg.QueryResult<{ locked: boolean }>[];
      if (results.at(-1)?.rows[0]?.locked !== true) {
        await client.end();
        return undefined;
      }
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    lock.held = true;
    return lock;
  }

  /** Lets the lock go at once (not when the server notices the connection end) and closes it. */
  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    await this.client.query(`SELECT pg_advisory_unlock(${LOCK_KEYS.leader})`).catch(() => {});
    await this.client.end().catch(() => {});
  }

  private lost(error: Error): void {
    if (!this.held) return;
    this.held = false;
    // Whatever is left of the connection goes too: the lock is gone with it.
    this.client.end().catch(() => {});
    this.onLost?.(error);
  }
}
