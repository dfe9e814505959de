import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, spawnBot, TSX } from "../../harness/process.js";

/**
 * The native SQLite module against the Node that runs the suite: statements finalized by the
 * garbage collector and at exit must not abort the process (better-sqlite3 12 on Node 24 did:
 * "Assertion failed: (env) != nullptr ... RemoveEnvironmentCleanupHook"). `.ci/run` runs the
 * suite on every supported Node.
 */
describe(`the database layer on Node ${process.versions.node}`, () => {
  it("prepares and drops many statements, is garbage collected, exits 0 with nothing on stderr", async () => {
    const churn = spawnBot({}, { args: ["--expose-gc", ...TSX, join(ROOT, "test/fixtures/db-churn.ts")] });
    expect(await churn.exited).toEqual({ code: 0, signal: null });
    expect(churn.output()).toContain("churned: 5 connections and 100 statements left open at exit");
    expect(churn.errorLines.join("\n")).not.toMatch(/assert|abort/i);
  }, 60_000);
});
