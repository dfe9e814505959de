import { afterEach, describe, expect, it } from "vitest";
import type { StoredMessage, TestUser } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { buttons, toSummary } from "../../harness/flow.js";

/**
 * Issue 32, "quotes that say how long they hold": the summary says how long its quote holds
 * before Confirm asks again and what its rate type means for the amount received; a provider
 * that refuses at create time is followed by the next best offer, confirmed in one tap through
 * the same Confirm (its age checked), never creating twice.
 */

const TRON = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
const PLAIN = { from: "btc btc", to: "usdt trx", amount: "0.05", address: TRON };
const REFUSAL = JSON.stringify({ message: "Provider is under maintenance" });

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const creates = (w: TestWorld) => w.app.sandbox!.requests.filter((r) => r.endpoint === "createTransaction");
const estimates = (w: TestWorld) => w.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount");
/** The provider a summary names ("Provider: exolix (floating rate)"). */
const providerOf = (summary: StoredMessage) => /Provider: (\S+)/.exec(summary.text ?? "")?.[1];

/** Up to the summary with the offer whose button names `provider`. */
const summaryWith = (user: TestUser, provider: RegExp): Promise<StoredMessage> => toSummary(user, { ...PLAIN, offer: provider });

describe("the summary", () => {
  it("says how long a floating quote holds, and that the amount received follows the market", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 3201, first_name: "Ana", language_code: "en" });
    const summary = await summaryWith(user, /^exolix/);
    expect(summary.text).toContain("floating rate");
    expect(summary.text).toContain("This quote holds for 60 s");
    expect(summary.text).toMatch(/Floating rate: the amount you receive follows the market/);
    expect(summary.text).not.toMatch(/Fixed rate:/);
  });

  it("says a fixed quote holds 30 s, and what the fixed amount depends on", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 3202, first_name: "Ben", language_code: "en" });
    const summary = await summaryWith(user, /^(simpleswap|fixedfloat)/);
    expect(summary.text).toContain("fixed rate");
    expect(summary.text).toContain("This quote holds for 30 s");
    expect(summary.text).toMatch(/Fixed rate: the provider promises the amount shown, as long as you send exactly the amount above/);
  });

  it("says it in the person's language (es, fa)", async () => {
    world = await startWorld();
    const es = await summaryWith(world.tg.user({ id: 3203, first_name: "Eva", language_code: "es" }), /^exolix/);
    expect(es.text).toContain("60 s");
    expect(es.text).not.toContain("This quote holds");
    const fa = await summaryWith(world.tg.user({ id: 3204, first_name: "Sara", language_code: "fa" }), /^exolix/);
    expect(fa.text).toContain("۶۰ ثانیه");
    expect(fa.text).not.toContain("This quote holds");
  });
});

describe("a provider that refuses at create time", () => {
  it("is followed by the next best offer, which one tap on Confirm creates, once", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 3211, first_name: "Cleo", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    const refused = providerOf(summary)!;
    // Past the quote cache's "fresh enough": the next best offer needs a quote of its own.
    await w.clock.advance(15_000);
    const quotesBefore = estimates(w).length;
    w.app.sandbox!.faults.inject({ kind: "status", status: 400, body: REFUSAL }, { endpoint: "createTransaction" });
    await user.click(summary, /Confirm/);
    const next = await user.nextMessage();
    // One message: what happened, and the next best offer to confirm, the refused provider left out.
    expect(next.text).toContain("refused this: Provider is under maintenance");
    expect(next.text).toMatch(/next best offer/i);
    expect(next.text).toContain("Please check everything");
    const provider = providerOf(next)!;
    expect(provider).toBeDefined();
    expect(provider).not.toBe(refused);
    expect(next.text).toContain(TRON);
    expect(buttons(next).some((b) => /Confirm/.test(b))).toBe(true);
    expect(estimates(w).length).toBe(quotesBefore + 1);

    // A double tap: one exchange.
    await user.click(next, /Confirm/);
    await user.click(next, /Confirm/).catch(() => undefined);
    const created = await user.nextMessage();
    expect(created.text).toContain("Exchange created");
    await w.app.idle();
    expect(creates(w)).toHaveLength(2);
    expect(creates(w)[0]!.body).toMatchObject({ provider_name: refused });
    expect(creates(w)[1]!.body).toMatchObject({ provider_name: provider });
    expect(user.messages().filter((m) => m.text?.includes("Exchange created"))).toHaveLength(1);
  });

  it("checks the next best offer's age on Confirm, like any quote", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 3212, first_name: "Dan", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    w.app.sandbox!.faults.inject({ kind: "status", status: 400, body: REFUSAL }, { endpoint: "createTransaction" });
    await user.click(summary, /Confirm/);
    const next = await user.nextMessage();
    expect(next.text).toMatch(/next best offer/i);
    const quotes = estimates(w).length;
    await w.clock.advance(61_000);
    await user.click(next, /Confirm/);
    const created = await user.nextMessage();
    expect(created.text).toContain("Exchange created");
    expect(estimates(w).length).toBe(quotes + 1);
    expect(creates(w)).toHaveLength(2);
  });

  it("with no offer to follow (the quote fails), lets the person confirm the same offer again", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 3213, first_name: "Eli", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    const refused = providerOf(summary)!;
    await w.clock.advance(15_000);
    w.app.sandbox!.faults.inject({ kind: "status", status: 400, body: REFUSAL }, { endpoint: "createTransaction" });
    w.app.sandbox!.faults.inject(
      { kind: "status", status: 400, body: JSON.stringify({ message: "pair disabled" }) },
      { endpoint: "getEstimatedAmount" },
    );
    await user.click(summary, /Confirm/);
    const refusal = await user.nextMessage();
    expect(refusal.text).toContain("refused this: Provider is under maintenance");
    const again = refusal.text!.includes("Please check everything") ? refusal : await user.nextMessage();
    expect(again.text).toContain("Please check everything");
    expect(providerOf(again)).toBe(refused);
    expect(again.text).not.toMatch(/next best offer/i);
    await user.click(again, /Confirm/);
    expect((await user.nextMessage()).text).toContain("Exchange created");
    expect(creates(w)).toHaveLength(2);
  });

  it("is told in the person's language (ru)", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 3214, first_name: "Оля", language_code: "ru" });
    const summary = await toSummary(user, PLAIN);
    w.app.sandbox!.faults.inject({ kind: "status", status: 400, body: REFUSAL }, { endpoint: "createTransaction" });
    await user.click(summary, /^✅/);
    const next = await user.nextMessage();
    expect(next.text).toMatch(/^Сервис обмена отказал: Provider is under maintenance$/m);
    expect(next.text).toContain("следующее по выгодности предложение");
    expect(next.text).not.toMatch(/next best offer/i);
    expect(buttons(next).some((b) => /^✅/.test(b))).toBe(true);
  });
});
