import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AddressDeps, addressStep, askMemo } from "../../../../src/bot/conversations/address-step.js";
import { ManualClock } from "../../../../src/clock.js";
import { AddressBook, openSqliteStore, type Store } from "../../../../src/db/index.js";
import type { Currency } from "../../../../src/service/schemas.js";
import { currency, labels, runStep } from "../../../harness/step.js";

const USER = 5001;
const TRON = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
const XRP = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
const usdtTrx = currency("usdt", "trx");
const xrp = currency("xrp");

let store: Store;
let clock: ManualClock;
let addresses: AddressBook;
beforeEach(() => {
  clock = new ManualClock();
  store = openSqliteStore(":memory:");
  addresses = new AddressBook(store, clock);
});
afterEach(() => store.close());

const deps = (): AddressDeps => ({ repos: { addresses } });
const address = (to: Currency) => runStep((conversation, ui) => addressStep(conversation, ui, deps(), USER, to));

describe("the address step", () => {
  it("asks for the address on the network, and returns a valid one as typed", async () => {
    const run = await address(usdtTrx);
    expect(run.last().text).toBe(
      "Send the USDT (TRX) address on Tron (TRC-20) where you want to receive your coins.\nCopy it from your wallet; double-check the network.",
    );
    expect(run.last().keyboard).toEqual([]);

    const turn = await run.send(` ${TRON}\n`);
    expect(turn.sent).toEqual([]);
    expect(run.result).toEqual({ address: TRON });
  });

  it("refuses an invalid address with the sentence that says why, and keeps waiting", async () => {
    const run = await address(usdtTrx);
    const typo = await run.send(`${TRON.slice(0, -1)}J`);
    expect(typo.sent.map((m) => m.text)).toEqual([
      "That is not a valid address on Tron (TRC-20). Please check that it is for this network and copy it again.",
    ]);
    const contract = await run.send("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    expect(contract.sent.map((m) => m.text)).toEqual([
      "That is the USDT token contract, not a wallet: coins sent to a token contract are lost for good. Please send the address of your own wallet (your wallet shows it under “Receive”).",
    ]);
    const spaced = await run.send("TXLAQ63Xg1NAzck PwKHvzw7CSEmLMEqcdj");
    expect(spaced.sent.map((m) => m.text)).toEqual(["An address has no spaces or line breaks. Please send only the address."]);
    expect(run.done).toBe(false);

    await run.send(TRON);
    expect(run.result).toEqual({ address: TRON });
  });

  it("warns where it cannot check the address format, and takes what is typed", async () => {
    const run = await address(currency("kas"));
    expect(run.last().text).toContain(
      "⚠️ I cannot check addresses on Kaspa: an address with a typo would be accepted. Copy it from your wallet, and compare it character by character before you confirm.",
    );
    await run.send("kaspa:anything-goes-here");
    expect(run.result).toEqual({ address: "kaspa:anything-goes-here" });
  });

  it("offers saved addresses of the network as buttons; one tapped is returned and moves to the front", async () => {
    const main = await addresses.save({ userId: USER, network: "trx", label: "Main wallet", address: TRON, memo: null });
    await clock.advance(1_000);
    await addresses.save({ userId: USER, network: "trx", label: "Ledger", address: "TQrZ8tKfjFvTjG4kBHgTXT1sFWPBWcNw5m", memo: null });
    // Another network's, and one kept with a memo (this currency takes none): not offered.
    await addresses.save({ userId: USER, network: "xrp", label: "Exchange", address: XRP, memo: "123" });
    await addresses.save({ userId: USER, network: "trx", label: "With memo", address: TRON, memo: "77" });
    await clock.advance(1_000);

    const run = await address(usdtTrx);
    expect(run.last().text).toMatch(/double-check the network\.\n\nOr tap one of your saved addresses:$/);
    expect(labels(run.last())).toEqual(["📒 Ledger · TQrZ8t…Nw5m", "📒 Main wallet · TXLAQ6…qcdj"]);

    await run.tap("Main wallet");
    expect(run.result).toEqual({ address: TRON });
    expect((await addresses.list(USER, "trx")).map((entry) => entry.label)).toEqual(["Main wallet", "With memo", "Ledger"]);
    expect((await addresses.find(main === "full" ? 0 : main.id, USER))?.usedAt).toBe(clock.now());
  });

  it("gives a saved address's memo with it where the currency takes one", async () => {
    await addresses.save({ userId: USER, network: "xrp", label: "Exchange", address: XRP, memo: "123456" });
    const run = await address(xrp);
    await run.tap("Exchange");
    expect(run.result).toEqual({ address: XRP, memo: "123456" });
  });

  it("checks a saved address again: one no longer valid is refused, and the step keeps waiting", async () => {
    await addresses.save({ userId: USER, network: "trx", label: "Old", address: `${TRON.slice(0, -1)}J`, memo: null });
    const run = await address(usdtTrx);
    const turn = await run.tap("Old");
    expect(turn.toast).toBe("");
    expect(turn.sent.map((m) => m.text)).toEqual([
      "The saved address Old is not a valid Tron (TRC-20) address any more. Type the address instead.",
    ]);
    expect(run.done).toBe(false);
    await run.send(TRON);
    expect(run.result).toEqual({ address: TRON });
  });
});

describe("the memo step", () => {
  const memo = () => runStep((_conversation, ui) => askMemo(ui, xrp));

  it("says a memo is needed and takes a valid one", async () => {
    const run = await memo();
    expect(run.last().text).toMatch(/^⚠️ XRP Ledger needs a memo \(destination tag\) for XRP\.\n/);
    expect(labels(run.last())).toEqual(["My wallet needs no memo"]);
    await run.send(" 123456 ");
    expect(run.result).toBe("123456");
  });

  it("refuses a memo the network cannot take", async () => {
    const run = await memo();
    const turn = await run.send("abc");
    expect(turn.sent.map((m) => m.text)).toEqual(["That is not a valid memo for XRP Ledger. Please check it."]);
    expect(run.done).toBe(false);
  });

  it("takes “no memo” only after a second, explicit yes", async () => {
    const run = await memo();
    const first = await run.tap("My wallet needs no memo");
    expect(run.done).toBe(false);
    expect(first.sent).toHaveLength(1);
    expect(first.sent[0]!.text).toBe(
      "Are you sure? Send without a memo only if the receiving wallet is your own and needs none. Exchanges and custodial wallets always need one on XRP Ledger.",
    );
    expect(first.sent[0]!.keyboard).toEqual([
      [expect.objectContaining({ text: "Yes, send without a memo", style: "danger" })],
      [expect.objectContaining({ text: "No, I will type the memo" })],
    ]);

    await run.tap("Yes, send without a memo");
    expect(run.result).toBeNull();
  });

  it("goes back to typing the memo from the question", async () => {
    const run = await memo();
    await run.tap("My wallet needs no memo");
    const back = await run.tap("No, I will type the memo");
    expect(back.sent.map((m) => m.text)).toEqual(["Please type the memo."]);
    await run.send("42");
    expect(run.result).toBe("42");
  });
});
