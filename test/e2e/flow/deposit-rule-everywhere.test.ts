import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it } from "vitest";
import { type TestUser, waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { drive, letTimePass } from "../../harness/drive.js";
import { toSummary } from "../../harness/flow.js";
import { withholdMemo, XRP_DEPOSIT, XRP_SWAP } from "../../harness/withheld-memo.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function exportRows(w: TestWorld, user: TestUser): Promise<Record<string, string>[]> {
  const before = user.messages().length;
  await user.send("/export");
  const doc = await waitFor(
    () =>
      user
        .messages()
        .slice(before)
        .find((m) => m.document),
    5_000,
    "the CSV file",
  );
  return parse(Buffer.from(w.tg.file(doc.document!.file_id)!.data!).toString("utf8"), { columns: true }) as Record<string, string>[];
}

describe("/export and the deposit rule", () => {
  it("never writes a memo currency's deposit address without its memo; writes both once the memo is known", async () => {
    world = await startWorld({}, { timeline: { waiting: 20 * 60_000 } });
    const user = world.tg.user({ id: 9301, first_name: "Ex", language_code: "en" });
    const summary = await toSummary(user, XRP_SWAP);
    withholdMemo(world, 100);
    await user.click(summary, /Confirm/);
    const waiting = await user.nextMessage();
    await user.click(waiting, "Leave");
    await world.app.idle();
    const [row] = await exportRows(world, user);
    expect(row!.deposit_memo).toBe("");
    expect(row!.deposit_address).toBe("");

    world.app.sandbox!.faults.clear();
    const id = (await world.app.repos.transactions.listByUser(9301, 1))[0]!.exchangeId;
    const tx = await drive(
      world.clock,
      waitFor(
        async () => ((await world!.app.repos.transactions.find(id))!.extraFrom ? await world!.app.repos.transactions.find(id) : undefined),
        60_000,
        "the memo",
      ),
      { stepMs: 5_000 },
    );
    await world.app.idle();
    const [complete] = await exportRows(world, user);
    expect(complete!.deposit_address).toBe(tx!.addressFrom);
    expect(complete!.deposit_memo).toBe(tx!.extraFrom);
  });
});

describe("a person who blocked the bot", () => {
  it("gets nothing more after the first 403 (no QR three times, no news) until they write again; tracking goes on and support still sees it", async () => {
    const STAFF = 9390;
    world = await startWorld({ SUPPORT_USER_IDS: `${STAFF}` }, { timeline: { waiting: 60_000 } });
    const user = world.tg.user({ id: 9302, first_name: "Bl", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    const toUser = () =>
      world!.tg.calls.filter((c) => /^send/.test(c.method) && c.method !== "sendChatAction" && c.payload.chat_id === 9302).length;
    const before = toUser();
    // Blocked the moment Confirm is pressed (the tap is already on its way): Telegram answers 403.
    world.tg.failNext("sendMessage", { error_code: 403 });
    await user.click(summary, /Confirm/);
    const stored = await waitFor(
      async () => (await world!.app.repos.transactions.listByUser(9302, 1))[0],
      5_000,
      "the exchange to be stored",
    );
    await waitFor(async () => (await world!.app.repos.users.find(9302))!.blocked || undefined, 5_000, "the 403 to be noted");
    await world.app.idle();
    user.block();
    await letTimePass(world, 10 * 60_000, 15_000);
    await world.app.idle();
    expect((await world.app.repos.users.find(9302))!.blocked).toBe(true);
    // One refused send, then silence: no QR code tried, no status news.
    expect(toUser() - before).toBe(1);
    expect(world.tg.callsTo("sendPhoto").filter((c) => c.payload.chat_id === 9302)).toHaveLength(0);
    const tracked = (await world.app.repos.transactions.find(stored.exchangeId))!;
    expect(tracked.status).not.toBe("waiting");

    const staff = world.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await staff.send(`/lookup ${stored.exchangeId}`);
    expect((await staff.nextMessage()).text).toContain(`🔁 Exchange ${stored.exchangeId}`);

    // They write again: the card they never got comes, with where to send.
    user.unblock();
    await user.send("/start");
    await drive(
      world.clock,
      waitFor(
        () =>
          world!.tg
            .callsTo("sendMessage")
            .some((c) => c.payload.chat_id === 9302 && c.response.ok && String(c.payload.text).includes(stored.exchangeId)),
        60_000,
        "the owed card",
      ),
      { stepMs: 5_000 },
    );
  });
});

describe("support's /lookup and the deposit rule", () => {
  it("an exchange the bot did not create, on a memo network whose memo the service has not given yet: no deposit address without its memo", async () => {
    world = await startWorld({ SUPPORT_USER_IDS: "9009" });
    const foreign = await world.app.client.createTransaction({
      providerName: "exolix",
      symbolFrom: "xrp",
      networkFrom: "xrp",
      symbolTo: "btc",
      networkTo: "btc",
      toAddress: XRP_SWAP.address,
      amount: "100",
      fixed: false,
    });
    const staff = world.tg.user({ id: 9009, first_name: "Sam", language_code: "en" });
    withholdMemo(world, 1);
    await staff.send(`/lookup ${foreign.exchangeId}`);
    const withheld = (await staff.nextMessage()).text!;
    expect(withheld).toContain("Not created through this bot");
    expect(withheld).not.toContain(XRP_DEPOSIT);
    expect(withheld).toContain("The exchange service has not given the deposit memo yet.");

    // Once the service gives the memo: the address with it.
    await staff.send(`/lookup ${foreign.exchangeId}`);
    const complete = (await staff.nextMessage()).text!;
    const live = await world.app.client.getTransaction(foreign.exchangeId);
    expect(live.extra_from).toBeTruthy();
    expect(complete).toContain(`${live.address_from!} (memo ${live.extra_from!})`);
  });
});
