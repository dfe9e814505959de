import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../../../src/emulator/index.js";
import { requesterOf } from "../../../src/exchange/budget.js";
import { openTestStore, startWorld, type TestWorld } from "../../harness/app.js";
import { createViaFlow } from "../../harness/flow.js";

const STAFF = 9001;
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("support staff tools", () => {
  it("/lookup shows the live status and everything the bot knows, also from a pasted card", async () => {
    world = await startWorld({ SUPPORT_USER_IDS: `${STAFF},9002` });
    const customer = world.tg.user({ id: 6001, first_name: "Mo", username: "mo_swaps", language_code: "ru" });
    const { exchangeId, card } = await createViaFlow(customer);
    const staff = world.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await world.clock.advance(150_000);
    const infoCalls = world.app.sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo").length;

    // Staff paste what the customer forwarded: the whole card text.
    await staff.send(`/lookup ${card.text}`);
    const answer = await staff.nextMessage();
    expect(answer.text).toContain(`🔁 Exchange ${exchangeId}`);
    expect(answer.text).toContain("Created by user 6001 (@mo_swaps, language ru)");
    expect(answer.text).toContain("Status: 🔎 Confirming your deposit");
    expect(answer.text).toContain("To: TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj");
    expect(answer.text).toMatch(/Status history \(UTC\):\n• .*Waiting for your deposit\n• .*Confirming your deposit/);
    expect(answer.text).toContain("Tracked: next check at");
    expect(world.app.sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo")).toHaveLength(infoCalls + 1);
    expect((await world.app.repos.audit.recent(1))[0]).toMatchObject({ staffId: STAFF, command: "lookup" });

    // An exchange made elsewhere: the service's own record; an id nobody knows: said so.
    const foreign = await world.app.client.createTransaction({
      providerName: "exolix",
      symbolFrom: "eth",
      networkFrom: "eth",
      symbolTo: "btc",
      networkTo: "btc",
      toAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      amount: "1",
      fixed: false,
    });
    await staff.send(`/lookup ${foreign.exchangeId}`);
    const other = await staff.nextMessage();
    expect(other.text).toContain("Not created through this bot");
    expect(other.text).toContain("1 eth/eth →");
    await staff.send("/lookup exolix-floating-nobody");
    expect((await staff.nextMessage()).text).toContain("No exchange with that ID");
  });

  it("/lookup with three of the staff member's own requests in line says so, not that the service could not be reached", async () => {
    world = await startWorld({ SUPPORT_USER_IDS: `${STAFF}`, EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" });
    const user = world.tg.user({ id: 9011, first_name: "Uma", language_code: "en" });
    const staff = world.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    await world.app.idle();
    while (world.app.budget.preview("user").position === 0) await world.app.budget.acquire("user");
    for (let i = 0; i < 3; i++) void world.app.budget.acquire("user", { requester: requesterOf(STAFF) }).catch(() => undefined);
    await staff.send(`/lookup ${exchangeId}`);
    const answer = await staff.nextMessage();
    expect(answer.text).toContain(exchangeId);
    expect(answer.text).toContain("You already have 3 requests waiting in line");
    expect(answer.text).not.toContain("Couldn't reach");
  });

  it("/user lists a user's exchanges and /stats counts users, exchanges, calls and backlog", async () => {
    world = await startWorld({ SUPPORT_USER_IDS: `${STAFF}` });
    const customer = world.tg.user({ id: 6002, first_name: "Ny", username: "ny", language_code: "en" });
    const { exchangeId } = await createViaFlow(customer);
    const staff = world.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await staff.send("/user @NY");
    const user = await staff.nextMessage();
    expect(user.text).toContain("User 6002 (@ny, language en): 1 exchange,");
    expect(user.text).toContain(exchangeId);
    await staff.send("/stats");
    const stats = await staff.nextMessage();
    expect(stats.text).toContain("Users: 2");
    expect(stats.text).toContain("Exchanges by status: waiting 1");
    // The creation and its first deposit read both go on the create lane.
    expect(stats.text).toMatch(/create 2, user \d+, poll \d+, catalogue \d+/);
    expect(stats.text).toContain("Tracker: 1 tracked");
    expect((await world.app.repos.audit.recent(5)).map((e) => e.command)).toEqual(["stats", "user"]);
  });

  it("/lookup says when and why the tracker stopped following an exchange", async () => {
    const w = (world = await startWorld({ SUPPORT_USER_IDS: `${STAFF}` }));
    const customer = w.tg.user({ id: 6004, first_name: "Pe", language_code: "en" });
    const { exchangeId } = await createViaFlow(customer);
    w.app.sandbox!.setScenario(exchangeId, "overdue");
    // Waiting for 48 hours already: the next poll gives up, and tells the owner.
    const store = await openTestStore(w);
    await store.db
      .updateTable("transactions")
      .set((eb) => ({ status_changed_at: eb("status_changed_at", "-", 48 * 3_600_000) }))
      .where("exchange_id", "=", exchangeId)
      .execute();
    await store.close();
    await w.clock.advance(61_000);
    await waitFor(async () => (await w.app.repos.transactions.find(exchangeId))!.nextPollAt === null, 5_000, "the tracker to stop");
    await w.app.idle();
    const staff = w.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await staff.send(`/lookup ${exchangeId}`);
    const answer = (await staff.nextMessage()).text;
    expect(answer).toContain("Not tracked since 2026-11-22 12:01 UTC: its status stopped changing");
    expect(answer).toContain("I stopped following this exchange on 2026-11-22 12:01 UTC");
    // The look itself does not tell the owner again.
    await w.app.idle();
    expect(customer.messages().filter((m) => m.text?.includes("I stopped following exchange"))).toHaveLength(1);
  });

  it("does not exist for anyone else", async () => {
    world = await startWorld({ SUPPORT_USER_IDS: `${STAFF}` });
    const customer = world.tg.user({ id: 6003, first_name: "Oz", language_code: "en" });
    const { exchangeId } = await createViaFlow(customer);
    for (const command of [`/lookup ${exchangeId}`, "/user 6003", "/stats"]) {
      await customer.send(command);
      expect((await customer.nextMessage()).text).toContain("I don't know that command");
    }
    expect(await world.app.repos.audit.recent(5)).toEqual([]);
  });
});
