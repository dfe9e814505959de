/**
 * A process that takes the PostgreSQL instance lock on the database at argv[2], says "locked"
 * (or "busy") and then does nothing until it is killed: a bot killed without a chance to let go.
 */
import { PgLeaderLock } from "../../src/db/postgres/leader-lock.js";

const lock = await PgLeaderLock.tryAcquire(process.argv[2] ?? "");
console.log(lock ? "locked" : "busy");
setInterval(() => {}, 1 << 30);
