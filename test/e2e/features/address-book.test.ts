import { afterEach, describe, expect, it } from "vitest";
import { type StoredMessage, waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { advanceUntil } from "../../harness/drive.js";
import { buttons, createViaFlow, toAddress } from "../../harness/flow.js";

/** The address book: offered after a successful exchange, buttons at the address step, /addresses. */
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const TRON = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
const XRP = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

/** Steers the exchange to a deposit and lets the sandbox finish it; returns the "Finished" message. */
async function finish(
  w: TestWorld,
  user: ReturnType<TestWorld["tg"]["user"]>,
  created: { exchangeId: string; card: StoredMessage },
): Promise<StoredMessage> {
  expect(w.app.sandbox!.steer(created.exchangeId, "deposit-arrived")).toBe(true);
  let finished: StoredMessage | undefined;
  const news = () => user.messages().find((m) => m.from_bot && m.message_id > created.card.message_id && /Finished/.test(m.text ?? ""));
  await advanceUntil(w.clock, () => (finished = news()) !== undefined, 60 * 60_000);
  user.catchUp();
  return finished!;
}

describe("the address book", () => {
  it("after a successful exchange offers to save its receiving address; the next swap to that network offers it as a button and the summary shows it whole", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9501, first_name: "Ada", language_code: "en" });
    const finished = await finish(w, user, await createViaFlow(user));
    expect(buttons(finished)).toEqual(["💾 Save receiving address"]);
    await user.click(finished, "💾 Save receiving address");
    expect((await user.nextMessage()).text).toContain("How should I call this address?");
    await user.send("  My   Tron wallet ");
    expect((await user.nextMessage()).text).toContain("Saved as My Tron wallet");
    expect(await w.app.repos.addresses.list(9501)).toMatchObject([{ label: "My Tron wallet", network: "trx", address: TRON, memo: null }]);

    // Saving the same address again is not a second entry.
    await user.click(finished, "💾 Save receiving address");
    expect(await w.app.repos.addresses.list(9501)).toHaveLength(1);

    const ask = await toAddress(user, "eth eth", "usdt trx", "1");
    expect(ask.text).toContain("Or tap one of your saved addresses");
    expect(buttons(ask)).toEqual(["📒 My Tron wallet · TXLAQ6…qcdj"]);
    await user.click(ask, "📒 My Tron wallet · TXLAQ6…qcdj");
    const summary = await user.nextMessage();
    expect(summary.text).toContain(TRON);
    expect(buttons(summary)).toContain("✅ Confirm");
  });

  it("a saved memo comes with its address where the network uses memos; the memo step is not asked again", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9502, first_name: "Xu", language_code: "en" });
    await user.send("/start");
    await user.nextMessage();
    await w.app.repos.addresses.save({ userId: 9502, network: "xrp", label: "Exchange", address: XRP, memo: "123456" });
    await w.app.repos.addresses.save({ userId: 9502, network: "trx", label: "Other network", address: TRON, memo: null });
    const ask = await toAddress(user, "btc btc", "xrp xrp", "0.05");
    expect(buttons(ask)).toEqual(["📒 Exchange · rHb9CJ…tyTh"]);
    await user.click(ask, "📒 Exchange · rHb9CJ…tyTh");
    const summary = await user.nextMessage();
    expect(summary.text).toContain(XRP);
    expect(summary.text).toContain("123456");
    expect(buttons(summary)).toContain("✅ Confirm");

    // Another address, typed: the saved entry's memo does not stay with it; the memo is asked again.
    await user.click(summary, "✏️ Change");
    const what = await user.nextMessage();
    await user.click(what, "Address");
    await user.nextMessage();
    await user.send("rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe");
    expect((await user.nextMessage()).text).toContain("memo");
    expect(await w.app.repos.addresses.list(9502, "xrp")).toHaveLength(1);
  });

  it("an entry kept with a memo is not offered for a currency of that network that takes none", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9508, first_name: "Ty", language_code: "en" });
    await user.send("/start");
    await user.nextMessage();
    await w.app.repos.addresses.save({ userId: 9508, network: "trx", label: "Exchange account", address: TRON, memo: "777" });
    const ask = await toAddress(user, "btc btc", "usdt trx", "0.05");
    expect(buttons(ask)).toEqual([]);
  });

  it("/addresses lists, renames and deletes, in Russian too", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9503, first_name: "Оля", language_code: "ru" });
    await user.send("/addresses");
    expect((await user.nextMessage()).text).toContain("Адресная книга пуста");
    await w.app.repos.addresses.save({ userId: 9503, network: "trx", label: "Кошелёк", address: TRON, memo: null });
    await user.send("/addresses");
    const list = await user.nextMessage();
    expect(list.text).toContain("Кошелёк");
    expect(list.text).toContain(TRON);
    await user.click(list, "✏️ Кошелёк");
    expect((await user.nextMessage()).text).toContain("Новая метка для Кошелёк");
    await user.send("Холодный");
    expect((await user.nextMessage()).text).toContain("Переименовано в Холодный");
    await user.send("/addresses");
    const renamed = await user.nextMessage();
    expect(renamed.text).toContain("Холодный");
    // Deleting is red; renaming is not styled.
    expect(renamed.reply_markup?.inline_keyboard.flat().map((b) => b.style)).toEqual([undefined, "danger"]);
    await user.click(renamed, "🗑");
    await waitFor(() => renamed.text?.includes("Адресная книга пуста"), 5_000, "the list to be emptied");
    expect(await w.app.repos.addresses.list(9503)).toEqual([]);
  });

  it("a label that is too long is refused and asked again; a command leaves it unsaved", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9504, first_name: "Bo", language_code: "en" });
    const created = await createViaFlow(user);
    const finished = await finish(w, user, created);
    await user.click(finished, "💾 Save receiving address");
    await user.nextMessage();
    await user.send("x".repeat(25));
    expect((await user.nextMessage()).text).toContain("A label is 1 to 24 characters");
    await user.send("/help");
    expect((await user.nextMessage()).text).toContain("How it works");
    await user.send("Wallet");
    expect((await user.nextMessage()).text).not.toContain("Saved as");
    expect(await w.app.repos.addresses.list(9504)).toEqual([]);

    // Asked again, then another button is pressed (into a new exchange): the flow gets what is typed next.
    await user.click(finished, "💾 Save receiving address");
    expect((await user.nextMessage()).text).toContain("How should I call this address?");
    await user.click(created.card, /Swap again/);
    await user.nextMessage(); // the offers of the swap again
    await user.send("My wallet");
    expect((await user.nextMessage()).text).toContain("tap one of the buttons");
    expect(await w.app.repos.addresses.list(9504)).toEqual([]);
  });
});
