import pg from "pg";
import { connectError, connectionConfig, postgresTarget } from "./connect.js";
import { LOCK_KEYS } from "./locks.js";

export interface PgLeaderLockOptions {
  connectTimeoutMs?: number;
  /** How often the leader asks its lock's connection whether it still holds (default 3 s; it then waits as long for the answer). */
  checkEveryMs?: number;
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
  private checker: NodeJS.Timeout | undefined;

  private constructor(
    private readonly client: pg.Client,
    private readonly onLost: ((error: Error) => void) | undefined,
    private readonly checkEveryMs: number,
  ) {
    // A connection error while idle is an event, not a rejection: without a listener it would crash.
    client.on("error", (error) => this.lost(error));
    client.on("end", () => this.lost(new Error("the leader lock's connection to PostgreSQL ended")));
  }

  /** The lock, or undefined while another process holds it. */
  static async tryAcquire(url: string, options: PgLeaderLockOptions = {}): Promise<PgLeaderLock | undefined> {
    const target = postgresTarget(url);
    const client = new pg.Client({
      ...connectionConfig(url, options),
      application_name: "swap-bot leader lock",
      keepAliveInitialDelayMillis: 5_000,
    });
    const lock = new PgLeaderLock(client, options.onLost, options.checkEveryMs ?? 3_000);
    try {
      await client.connect();
    } catch (error) {
      throw connectError(error, target, options.connectTimeoutMs ?? 10_000);
    }
    try {
      // The server holds the lock until it sees the connection end; with these keepalives it
      // notices a vanished host (a machine gone, a network cut) within about 11 s, not the
      // system's two hours, and another instance leads. This one checks its side every 3 s
      // (check()), so it steps down before the server lets the lock go.
      const results = (await client.query(
        `SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3;
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
    lock.checker = setInterval(() => void lock.check(), lock.checkEveryMs).unref();
    return lock;
  }

  /** The lock's connection answers within the interval, or the lock counts as lost (a half-open connection says nothing by itself). */
  private async check(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the leader lock's connection to PostgreSQL gave no answer within ${this.checkEveryMs / 1000} s`)),
        this.checkEveryMs,
      );
    });
    try {
      await Promise.race([this.client.query("SELECT 1"), silent]);
    } catch (error) {
      this.lost(error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(timer);
    }
  }

  /** Lets the lock go at once (not when the server notices the connection end) and closes it. */
  async release(): Promise<void> {
    clearInterval(this.checker);
    if (!this.held) return;
    this.held = false;
    await this.client.query(`SELECT pg_advisory_unlock(${LOCK_KEYS.leader})`).catch(() => {});
    await this.client.end().catch(() => {});
  }

  private lost(error: Error): void {
    clearInterval(this.checker);
    if (!this.held) return;
    this.held = false;
    // Whatever is left of the connection goes too: the lock is gone with it.
    this.client.end().catch(() => {});
    this.onLost?.(error);
  }
}
