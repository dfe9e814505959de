import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import { type Fleet, startFleet } from "../harness/fleet.js";
import { freshDatabase, testBackEnd } from "../harness/postgres.js";

/**
 * Three bot processes started at the same moment on an empty PostgreSQL database (issue 31), as
 * `docker compose up` does: one migrates while the others wait, one leads and fetches the
 * catalogue, the other two follow and must have it too by the time people write, whenever the
 * leader's notice went out, and however slow the service is with it (each waits for it before
 * it says ready: found by CI under load, issue 39).
 */
let fleet: Fleet;

const fromBot = (user: TestUser) => user.messages().filter((m) => m.from_bot);

beforeAll(async () => {
  if (testBackEnd() !== "postgres") return;
  fleet = await startFleet({
    database: freshDatabase,
    rateLimitPerMinute: 10,
    env: { SHUTDOWN_GRACE_SECONDS: "3", LOG_FORMAT: "json", LOG_LEVEL: "info" },
    emulator: { defaultTimeoutMs: 30_000 },
  });
}, 60_000);

afterAll(async () => {
  await fleet?.close();
});

describe.runIf(testBackEnd() === "postgres")("three processes started at once on an empty database", () => {
  it('each answer their first person with offers, not "the exchange service is unavailable"', async () => {
    // The service is slow with the first catalogue: none of them may say ready without it.
    fleet.sandbox.faults.inject({ kind: "delay", ms: 3_000 }, { endpoint: "getCurrencies", times: 1 });
    await Promise.all([0, 1, 2].map((index) => fleet.start(index, "webhook")));
    const roles = await fleet.roles();
    expect(roles.filter((role) => role === "leader")).toHaveLength(1);
    expect(roles.filter((role) => role === "follower")).toHaveLength(2);

    // As soon as all three say ready: three people at once, the balancer giving one to each.
    const people = [0, 1, 2].map((i) => fleet.tg.user({ id: 9920 + i, first_name: "First", language_code: "en" }));
    await Promise.all(people.map((user, i) => user.send(`/rate ${i + 1} btc eth`)));
    for (const user of people) {
      const first = await user.nextMessage({ timeoutMs: 15_000 });
      expect(first.text).not.toMatch(/unavailable/);
    }
    for (const [i, user] of people.entries()) {
      const quote = await waitFor(() => fromBot(user).find((m) => /Quoted at/.test(m.text ?? "")), 20_000, `person ${i}'s quote`);
      expect(quote.text).toContain(`${i + 1} BTC`);
    }
  }, 60_000);
});
