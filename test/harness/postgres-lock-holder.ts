/**
 * A process that takes the PostgreSQL instance lock on the database at argv[2], says "locked"
 * (or "busy") and then does nothing until it is killed: a bot killed without a chance to let go.
 */
import { PgInstanceLock } from "../../src/db/postgres/instance-lock.js";

const lock = await PgInstanceLock.tryAcquire(process.argv[2] ?? "");
console.log(lock ? "locked" : "busy");
setInterval(() => {}, 1 << 30);
