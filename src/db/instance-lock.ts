import Database from "better-sqlite3";
import type { Logger } from "pino";
import type { Clock } from "../clock.js";

/**
 * SQLite runs one bot process per database file (PostgreSQL runs several: src/fleet/shared.ts).
 * The process holding this lock is the one that runs: it handles the updates and leads (it takes
 * the leader's lease at once and runs the background duties: src/fleet/single.ts). The lock is
 * an open EXCLUSIVE transaction on a side file (`<database>.lock`): the operating system
 * drops it when the process ends, however it ends (SIGKILL, crash, power), so a restart
 * never waits for a stale lock, while a second process started by mistake waits its turn
 * instead of fighting the first for updates (Telegram answers 409 to the loser).
 */
export class InstanceLock {
  private constructor(private readonly file: Database.Database | undefined) {}

  /** The lock, or undefined while another process holds it. */
  static tryAcquire(databasePath: string): InstanceLock | undefined {
    if (databasePath === ":memory:") return new InstanceLock(undefined);
    const file = new Database(`${databasePath}.lock`, { timeout: 0 });
    try {
      file.exec("BEGIN EXCLUSIVE");
      return new InstanceLock(file);
    } catch (error) {
      file.close();
      if ((error as { code?: string }).code === "SQLITE_BUSY") return undefined;
      throw error;
    }
  }

  release(): void {
    if (!this.file?.open) return;
    this.file.exec("ROLLBACK");
    this.file.close();
  }
}

/** The instance lock, held. */
export interface HeldInstanceLock {
  release(): void | Promise<void>;
}

/** What the standby's line tells the operator, beside its one sentence. */
const STANDBY_HINT =
  "SQLite runs one instance at a time: this one does NOT poll Telegram, and takes over when that one stops. " +
  "To run several instances at once, keep the data in PostgreSQL (DATABASE_URL).";

/**
 * Takes the lock, waiting (and saying so once, loudly) while another process holds it.
 * Resolves undefined when `signal` aborts first. A first attempt that fails throws; one that
 * fails while waiting is logged and tried again.
 */
export async function waitForInstanceLock(
  target: { databasePath: string },
  deps: { clock: Clock; logger: Logger; signal: AbortSignal; retryMs?: number },
): Promise<HeldInstanceLock | undefined> {
  const where = { databasePath: target.databasePath };
  let waited = false;
  while (!deps.signal.aborted) {
    let lock: HeldInstanceLock | undefined;
    try {
      lock = InstanceLock.tryAcquire(target.databasePath);
    } catch (error) {
      if (!waited) throw error;
      deps.logger.warn({ err: error, ...where }, "could not check whether the other bot process still runs, and tries again");
    }
    if (lock) {
      if (waited) deps.logger.warn("the other bot process on this database stopped, so this one takes over");
      return lock;
    }
    if (!waited) {
      deps.logger.error({ ...where, hint: STANDBY_HINT }, "another bot process is already running on this database, so this one stands by");
      waited = true;
    }
    await pause(deps.clock, deps.retryMs ?? 5_000, deps.signal);
  }
  return undefined;
}

/** Waits `ms`, or less when `signal` aborts; leaves no timer or listener behind. */
function pause(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      timer.cancel();
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = clock.setTimer(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
