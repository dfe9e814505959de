import { afterEach, describe, expect, it } from "vitest";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { buttons, startExchange, toAddress, toSummary } from "../../harness/flow.js";

const TRON_ADDRESS = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("the exchange flow", () => {
  it("swaps 0.05 BTC into USDT on Tron, start to finish", async () => {
    world = await startWorld();
    const alice = world.tg.user({ id: 2001, first_name: "Alice", language_code: "en" });
    const pickFrom = await startExchange(alice);
    expect(pickFrom.text).toContain("What do you want to send?");
    await alice.click(pickFrom, "BTC");

    const pickTo = await alice.nextMessage();
    expect(pickTo.text).toContain("You send BTC");
    await alice.send("usdt trx");

    const askAmount = await alice.nextMessage();
    expect(askAmount.text).toContain("How much BTC");
    await alice.send("0,05");

    const offers = await alice.nextMessage();
    expect(offers.text).toContain("0.05 BTC → USDT (TRX)");
    const offerButtons = buttons(offers).filter((b) => /USDT$/.test(b));
    expect(offerButtons.length).toBeGreaterThanOrEqual(4);
    // Best first: amounts received never go up down the list.
    const amounts = offerButtons.map((b) => Number(b.split(" · ")[1]!.split(" ")[0]!.replaceAll(",", "")));
    expect(amounts.every((a) => a > 0)).toBe(true);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    const disabled = world.app.sandbox!.providers.find((p) => !p.enable)!.name;
    expect(offers.text).not.toContain(disabled);
    await alice.click(offers, offerButtons[0]!);

    const askAddress = await alice.nextMessage();
    expect(askAddress.text).toContain("USDT (TRX) address on Tron");
    await alice.send(TRON_ADDRESS);

    const summary = await alice.nextMessage();
    expect(summary.text).toContain("Please check everything");
    expect(summary.text).toContain("Send: 0.05 BTC");
    expect(summary.text).toContain(TRON_ADDRESS);
    const confirm = buttons(summary).find((b) => b.includes("Confirm"));
    expect(confirm).toBeDefined();
    await alice.click(summary, /Confirm/);

    const created = await alice.nextMessage();
    expect(created.text).toContain("Exchange created");
    const id = /🔁 Exchange (\S+)/.exec(created.text!)![1]!;
    expect(created.text).toContain("Send exactly 0.05 BTC (exact amount, not rounded: tap to copy) on Bitcoin");
    const qr = await alice.nextMessage();
    expect(qr.photo?.size).toBeGreaterThan(100);
    expect(qr.caption).toContain("QR code of the BTC deposit address");

    const tx = (await world.app.repos.transactions.find(id))!;
    expect(tx).toMatchObject({
      userId: 2001,
      amountFrom: "0.05",
      addressTo: TRON_ADDRESS,
      symbolTo: "usdt",
      networkTo: "trx",
      cardMessageId: created.message_id,
    });
    expect(created.text).toContain(tx.addressFrom!);
    expect(tx.nextPollAt).not.toBeNull();

    const creates = world.app.sandbox!.requests.filter((r) => r.endpoint === "createTransaction");
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toMatchObject({
      amount: "0.05",
      to_address: TRON_ADDRESS,
      symbol_from: "btc",
      network_to: "trx",
      to_extra_id: "",
    });
    expect(world.tg.unansweredCallbackQueries()).toEqual([]);
  });
});

describe("the exchange flow with a memo currency", () => {
  it("asks for the memo with a warning, and shows the deposit memo after creation", async () => {
    world = await startWorld();
    const bob = world.tg.user({ id: 2002, first_name: "Bob", language_code: "en" });
    // XRP needs a memo on both sides: the deposit (from) and the destination (to).
    const askAddress = await toAddress(bob, "xrp xrp", "xlm xlm", "100");
    expect(askAddress.text).toContain("XLM address on Stellar");
    await bob.send("GCKFBEIYV2U22IO2BJ4KVJOIP7XPWQGQFKKWXR6DOSJBV7STMAQSMTGG");
    const askMemo = await bob.nextMessage();
    expect(askMemo.text).toContain("needs a memo");
    expect(askMemo.text).toContain("funds can be lost");
    await bob.send("12345");
    const summary = await bob.nextMessage();
    expect(summary.text).toContain("Memo: 12345");
    await bob.click(summary, /Confirm/);
    const created = await bob.nextMessage();
    expect(created.text).toContain("Include this memo");
    const id = /🔁 Exchange (\S+)/.exec(created.text!)![1]!;
    const tx = (await world.app.repos.transactions.find(id))!;
    expect(tx.extraFrom).toBeTruthy();
    expect(created.text).toContain(tx.extraFrom!);
    const create = world.app.sandbox!.requests.find((r) => r.endpoint === "createTransaction");
    expect(create?.body).toMatchObject({ to_extra_id: "12345", symbol_to: "xlm" });
  });

  it("sends without a memo only after an explicit second yes", async () => {
    world = await startWorld();
    const bob = world.tg.user({ id: 2003, first_name: "Bob", language_code: "en" });
    await toAddress(bob, "btc btc", "xrp xrp", "0.05");
    await bob.send("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh");
    const askMemo = await bob.nextMessage();
    await bob.click(askMemo, "My wallet needs no memo");
    const sure = await bob.nextMessage();
    expect(sure.text).toContain("Are you sure?");
    // The risky answer is red; going back is not styled.
    expect(sure.reply_markup?.inline_keyboard.flat().map((b) => [b.text, b.style])).toEqual([
      ["Yes, send without a memo", "danger"],
      ["No, I will type the memo", undefined],
    ]);
    await bob.click(sure, "No, I will type the memo");
    expect((await bob.nextMessage()).text).toContain("Please type the memo");
    await bob.click(sure, "Yes, send without a memo");
    const summary = await bob.nextMessage();
    expect(summary.text).toContain("Memo: none");
    await bob.click(summary, /Confirm/);
    await bob.nextMessage();
    const create = world.app.sandbox!.requests.find((r) => r.endpoint === "createTransaction");
    expect(create?.body).toMatchObject({ to_extra_id: "" });
  });
});

describe("valid taps are not wrong answers (issue 40)", () => {
  it('going back and forth on the memo keeps the first "no memo" button working, and is never "not what this step needs"', async () => {
    world = await startWorld();
    const cy = world.tg.user({ id: 2004, first_name: "Cy", language_code: "en" });
    await toAddress(cy, "btc btc", "xrp xrp", "0.05");
    await cy.send("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh");
    const askMemo = await cy.nextMessage();
    // Ten times there and back: more taps than a step takes wrong answers.
    for (let i = 0; i < 10; i++) {
      // The first message's button, each time: it did not expire after "No, I will type the memo".
      await cy.click(askMemo, "My wallet needs no memo");
      const sure = await cy.nextMessage();
      expect(sure.text).toContain("Are you sure?");
      await cy.click(sure, "No, I will type the memo");
      expect((await cy.nextMessage()).text).toMatch(/^Please type the memo\./);
    }
    const said = cy
      .messages()
      .filter((m) => m.from_bot)
      .map((m) => m.text ?? "");
    expect(said.filter((text) => /not what this step needs|expired/i.test(text))).toEqual([]);
    // The step is where it was: both answers still work.
    await cy.send("123456");
    const summary = await cy.nextMessage();
    expect(summary.text).toContain("Memo: 123456");
  });

  it("Change on the summary is not counted as a wrong answer", async () => {
    world = await startWorld();
    const dee = world.tg.user({ id: 2005, first_name: "Dee", language_code: "en" });
    const summary = await toSummary(dee, { from: "btc btc", to: "usdt trx", amount: "0.05", address: TRON_ADDRESS });
    // Six wrong answers (text where a button is needed), Change, then one more text: were Change
    // counted, that text would be the eighth wrong answer, and the step asked again from its start.
    for (let i = 0; i < 6; i++) {
      await dee.send("hello?");
      expect((await dee.nextMessage()).text).toMatch(/tap one of the buttons/i);
    }
    await dee.click(summary, "Change");
    const menu = await dee.nextMessage();
    expect(menu.text).toContain("What do you want to change?");
    await dee.send("hello?");
    expect((await dee.nextMessage()).text).toMatch(/tap one of the buttons/i);
    expect(dee.messages().some((m) => m.from_bot && /not what this step needs/.test(m.text ?? ""))).toBe(false);
    // The menu still works.
    await dee.click(menu, "Amount");
    expect((await dee.nextMessage()).text).toContain("How much BTC");
  });
});

describe("deposit details after creation", () => {
  it("never shows a memo currency's deposit without its memo, and sends no QR until it is complete", async () => {
    world = await startWorld();
    const cy = world.tg.user({ id: 2004, first_name: "Cy", language_code: "en" });
    const summary = await toSummary(cy, {
      from: "xrp xrp",
      to: "btc btc",
      amount: "100",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    // The service's first answer cannot be read: no deposit details at all yet.
    world.app.sandbox!.faults.inject(
      { kind: "status", status: 200, body: JSON.stringify({ status: "waiting" }) },
      { endpoint: "getTransactionInfo" },
    );
    await cy.click(summary, /Confirm/);
    const pending = await cy.nextMessage();
    expect(pending.text).toContain("has not given the deposit address yet");
    expect(pending.text).not.toContain("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh");
    await cy.click(pending, "Try again");
    const card = await cy.nextMessage();
    expect(card.text).toContain("Include this memo");
    const qr = await cy.nextMessage();
    expect(qr.photo).toBeDefined();
    expect(cy.messages().filter((m) => m.photo)).toHaveLength(1);
  });
});
