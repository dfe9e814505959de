import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { advanceUntil, drive } from "../../harness/drive.js";
import { toAmount } from "../../harness/flow.js";

/**
 * When the exchange service cannot serve anyone (it refuses the key, it cannot be reached, or
 * there is no catalogue yet), people hear exactly that, in their language, and the operator's
 * log, /stats and /healthz say why.
 */
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const STAFF = 8901;

async function healthz(w: TestWorld): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${w.app.ports().health}/healthz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const loudLines = (w: TestWorld) => w.logs.filter((l) => l.msg.startsWith("EXCHANGE UNAVAILABLE"));

describe("a key the service refuses, on a fresh database", () => {
  it("says the exchange service is unavailable to /exchange, /rate and inline, in English and Russian; the log says why once; /stats and /healthz show it", async () => {
    const w = (world = await startWorld(
      { SUPPORT_USER_IDS: String(STAFF), HEALTH_PORT: "0" },
      { exchangeApiKey: "a-revoked-key", waitForCatalogue: false },
    ));
    // The catalogue is tried at start and again every minute; every try is refused.
    await advanceUntil(w.clock, () => loudLines(w).length > 0, 60_000);
    await w.clock.advance(5 * 60_000);

    const ann = w.tg.user({ id: 8902, first_name: "Ann", language_code: "en" });
    await ann.send("/exchange");
    const said = await ann.nextMessage();
    expect(said.text).toContain("The exchange service is unavailable right now");
    expect(said.reply_markup).toBeUndefined();
    // No flow was started: the next text is not taken for a currency.
    await ann.send("btc");
    expect((await ann.nextMessage()).text).not.toContain("no currency called");

    const ivan = w.tg.user({ id: 8903, first_name: "Иван", language_code: "ru" });
    await ivan.send("/exchange");
    expect((await ivan.nextMessage()).text).toContain("Сервис обмена сейчас недоступен");
    await ivan.send("/rate 0.05 btc eth");
    expect((await ivan.nextMessage()).text).toContain("Сервис обмена сейчас недоступен");

    const group = w.tg.group({ id: -1008901, title: "Club", type: "supergroup", admins: [8902] });
    group.addMember(ann);
    await ann.send("/rate 0.05 btc eth", { chat: group });
    expect((await ann.nextMessage({ chat: group })).text).toContain("The exchange service is unavailable right now");

    const inline = await ann.inlineAnswer(await ann.inlineQuery("0.05 btc eth"));
    expect(inline.results).toHaveLength(1);
    expect((inline.results[0] as { title: string }).title).toBe("The exchange service is unavailable right now");

    // The operator: one loud line that names the cause, however many calls were refused.
    expect(loudLines(w)).toHaveLength(1);
    expect(loudLines(w)[0]).toMatchObject({ level: 50, reason: "key-refused" });
    expect(loudLines(w)[0]!.msg).toContain("REFUSES THE API KEY");

    const staff = w.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await staff.send("/stats");
    expect((await staff.nextMessage()).text).toMatch(/Exchange service: unavailable since \d{4}-\d\d-\d\d \d\d:\d\d UTC \(key-refused\)/);

    const health = await healthz(w);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: "degraded", degraded: { exchange: expect.stringMatching(/^key-refused/) } });
  });
});

describe("a service that stops answering while people use the bot", () => {
  it("a typed currency the picker cannot find is answered with the outage, not 'no currency called'; once the service answers again the log says so and the flow goes on", async () => {
    const w = (world = await startWorld({ SUPPORT_USER_IDS: String(STAFF) }));
    const ann = w.tg.user({ id: 8904, first_name: "Ann", language_code: "en" });
    await ann.send("/exchange");
    expect((await ann.nextMessage()).text).toContain("What do you want to send?");

    // One call that failed all its attempts is a blip, not an outage: nobody is told "unavailable".
    w.app.sandbox!.faults.inject({ kind: "reset" }, { endpoint: "getProviders", times: 3 });
    await drive(
      w.clock,
      w.app.client.getProviders({ lane: "catalogue" }).catch(() => undefined),
    );
    expect(w.app.sandbox!.requests.filter((r) => r.endpoint === "getProviders").length).toBeGreaterThanOrEqual(3);
    expect(loudLines(w)).toHaveLength(0);
    await ann.send("zzzcoin");
    expect((await ann.nextMessage()).text).toContain("no currency called");

    // Calls that keep failing over more than a minute, with no answer in between: now it is an outage.
    w.app.sandbox!.faults.inject({ kind: "reset" }, { endpoint: "getProviders", times: 9 });
    for (let i = 0; i < 3 && loudLines(w).length === 0; i++) {
      await drive(
        w.clock,
        w.app.client.getProviders({ lane: "catalogue" }).catch(() => undefined),
      );
      await w.clock.advance(30_000);
    }
    w.app.sandbox!.faults.clear();
    expect(loudLines(w)).toHaveLength(1);
    expect(loudLines(w)[0]).toMatchObject({ reason: "unreachable" });

    await ann.send("zzzcoin");
    const said = await ann.nextMessage();
    expect(said.text).toContain("The exchange service is unavailable right now");
    // The flow is still where it was: a known currency is taken.
    await drive(w.clock, w.app.client.getProviders({ lane: "catalogue" }));
    expect(w.logs.some((l) => l.msg === "the exchange service is available again")).toBe(true);
    await ann.send("btc btc");
    expect((await ann.nextMessage()).text).toContain("You send BTC");
    await ann.send("zzzcoin");
    expect((await ann.nextMessage()).text).toContain("no currency called");

    const staff = w.tg.user({ id: STAFF, first_name: "Sam", language_code: "ru" });
    await staff.send("/stats");
    expect((await staff.nextMessage()).text).toContain("Сервис обмена: доступен");
  });
});

describe("a key that has no access to one resource (403)", () => {
  it("fails only that call, with a clear sentence; the next person is not told the service is unavailable", async () => {
    const w = (world = await startWorld());
    const ann = w.tg.user({ id: 8905, first_name: "Ann", language_code: "en" });
    await toAmount(ann, "btc btc", "eth eth");
    w.app.sandbox!.faults.inject(
      { kind: "status", status: 403, body: JSON.stringify({ message: "Forbidden." }) },
      { endpoint: "getEstimatedAmount" },
    );
    await ann.send("0.1");
    const failed = await drive(w.clock, ann.nextMessage());
    await drive(
      w.clock,
      waitFor(() => (failed.text?.includes("Getting offers") ? undefined : failed.text), 5_000, "the failure to be shown"),
    );
    expect(failed.text).toContain("refused this bot access to this request");
    expect(loudLines(w)).toHaveLength(0);

    const bo = w.tg.user({ id: 8906, first_name: "Bo", language_code: "en" });
    await bo.send("/exchange");
    expect((await bo.nextMessage()).text).toContain("What do you want to send?");
    const ivan = w.tg.user({ id: 8907, first_name: "Иван", language_code: "ru" });
    await ivan.send("/exchange");
    expect((await ivan.nextMessage()).text).not.toContain("недоступен");
    // Ann's choices are kept: a tap tries again.
    await ann.click(failed, "Try again");
    expect((await ann.nextMessage()).text).toContain("0.1 BTC → ETH");
  });

  it("a 401 still says the key is refused, to everyone, until the service answers again", async () => {
    const w = (world = await startWorld());
    const ann = w.tg.user({ id: 8908, first_name: "Ann", language_code: "en" });
    await toAmount(ann, "btc btc", "eth eth");
    w.app.sandbox!.faults.inject(
      { kind: "status", status: 401, body: JSON.stringify({ message: "Unauthenticated." }) },
      { endpoint: "getEstimatedAmount" },
    );
    await ann.send("0.1");
    await drive(
      w.clock,
      waitFor(() => loudLines(w)[0], 5_000, "the loud line"),
    );
    expect(loudLines(w)[0]).toMatchObject({ reason: "key-refused" });
    const bo = w.tg.user({ id: 8909, first_name: "Bo", language_code: "en" });
    await bo.send("/exchange");
    expect((await bo.nextMessage()).text).toContain("The exchange service is unavailable right now");
  });
});
