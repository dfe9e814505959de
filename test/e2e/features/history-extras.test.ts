import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it } from "vitest";
import { EXPORT_COLUMNS, exportRow } from "../../../src/bot/features/export.js";
import type { TransactionRecord } from "../../../src/db/index.js";
import { waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { buttons, createViaFlow } from "../../harness/flow.js";

/** What a person can do with exchanges they already made: a receipt for support, swap again, export. */
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const STAFF = 9401;
const TRON = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";

describe("the support receipt", () => {
  it("'For support' on a card sends everything support needs in one message, which /lookup accepts as pasted; no phrase in it", async () => {
    const w = (world = await startWorld({ SUPPORT_USER_IDS: String(STAFF) }));
    const user = w.tg.user({ id: 9402, first_name: "Rea", language_code: "en" });
    await user.send("/phrase secret otter");
    await user.nextMessage();
    const { exchangeId, card } = await createViaFlow(user);
    const tx = (await w.app.repos.transactions.find(exchangeId))!;
    await user.click(card, "🧾 For support");
    const receipt = await user.nextMessage();
    const text = receipt.text ?? "";
    expect(text).toContain(`For support · exchange ${exchangeId}`);
    expect(text).toContain(`Provider: ${tx.provider}`);
    expect(text).toContain("Sent: 0.05 BTC");
    expect(text).toContain(`Deposit address (a record for support, not where to pay): ${tx.addressFrom}`);
    expect(text).toContain(`Receiving address: ${TRON}`);
    expect(text).toMatch(/Status history:\n {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC · ⏳ Waiting for your deposit$/m);
    expect(text).not.toContain("secret otter");

    const staff = w.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await staff.send(`/lookup ${text}`);
    expect((await staff.nextMessage()).text).toContain(exchangeId);
  });

  it("in Russian", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9403, first_name: "Оля", language_code: "ru" });
    const { exchangeId, card } = await createViaFlow(user);
    await user.click(card, "🧾 Для поддержки");
    const text = (await user.nextMessage()).text ?? "";
    expect(text).toContain(`Для поддержки · обмен ${exchangeId}`);
    // Each status in the history by its name in the person's language, not the service's word.
    expect(text).toMatch(/История статусов:\n {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC · ⏳ Ждём ваш депозит$/m);
    expect(text).not.toMatch(/UTC · waiting/);
  });
});

describe("swap again and recent pairs", () => {
  it("a finished card and /history offer 'Swap again' (same pair and amount, a new quote); the picker shows recent pairs first", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9404, first_name: "Sol", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    expect(buttons(card)).not.toContain("🔁 Swap again"); // not while it is open

    expect(w.app.sandbox!.steer(exchangeId, "fail")).toBe(true);
    await w.app.tracker.refresh(exchangeId);
    expect((await user.nextMessage()).text).toContain("Failed");
    await waitFor(() => buttons(card).includes("🔁 Swap again"), 5_000, "the finished card to offer Swap again");
    await w.clock.advance(10 * 60_000); // people come back later; the old quote has expired
    const estimatesBefore = w.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;
    await user.click(card, "🔁 Swap again");
    const offers = await user.nextMessage();
    expect(offers.text).toContain("0.05 BTC → USDT (TRX)");
    await waitFor(() => buttons(offers).some((b) => / · [\d.,]+ USDT$/.test(b)), 5_000, "the offers");
    // A new quote for the same pair and amount.
    const asked = w.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").slice(estimatesBefore);
    expect(asked.map((r) => r.query.amount)).toEqual(["0.05"]);

    await user.send("/history");
    const history = await user.nextMessage();
    expect(history.reply_markup!.inline_keyboard[0]!.map((b) => b.text)).toEqual([expect.stringContaining("0.05 BTC → USDT (TRX)"), "🔁"]);

    await user.send("/exchange");
    const picker = await user.nextMessage();
    expect(buttons(picker)[0]).toBe("🔁 BTC → USDT (TRX)");
    expect(picker.text).toContain("recent pairs");
    await user.click(picker, "🔁 BTC → USDT (TRX)");
    expect((await user.nextMessage()).text).toContain("How much BTC");
  });
});

describe("/export", () => {
  it("sends the history as a CSV document that parses back to the stored exchanges, oldest first (en, ru)", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9405, first_name: "Eve", language_code: "en" });
    await user.send("/export");
    expect((await user.nextMessage()).text).toContain("no exchanges to export");
    const first = await createViaFlow(user);
    const second = await createViaFlow(user, {
      from: "eth eth",
      to: "btc btc",
      amount: "1.5",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });

    await user.send("/export");
    const doc = await user.nextMessage();
    expect(doc.document?.filename).toMatch(/^swaps-\d{4}-\d\d-\d\d\.csv$/);
    expect(doc.caption).toContain("2 exchanges as a CSV file");
    const csv = Buffer.from(w.tg.file(doc.document!.file_id)!.data!).toString("utf8");
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...EXPORT_COLUMNS]);
    const stored = await Promise.all([first.exchangeId, second.exchangeId].map(async (id) => (await w.app.repos.transactions.find(id))!));
    expect(rows).toEqual(stored.map((tx) => Object.fromEntries(EXPORT_COLUMNS.map((column, i) => [column, exportRow(tx)[i]]))));
    expect(rows[1]).toMatchObject({
      exchange_id: second.exchangeId,
      send_amount: "1.5",
      send_currency: "ETH",
      receive_currency: "BTC",
      receiving_address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });

    const ivan = w.tg.user({ id: 9406, first_name: "Иван", language_code: "ru" });
    await createViaFlow(ivan);
    await ivan.send("/export");
    expect((await ivan.nextMessage()).caption).toContain("Ваши обмены в файле CSV (1 обмен, время в UTC)");
  });

  it("makes a cell a spreadsheet would run as a formula inert", () => {
    const row = exportRow({
      exchangeId: "x1",
      createdAt: 0,
      statusChangedAt: 0,
      status: "finished",
      amountFrom: "1",
      symbolFrom: "btc",
      networkFrom: "btc",
      amountTo: "2",
      symbolTo: "eth",
      networkTo: "eth",
      provider: '=HYPERLINK("http://evil")',
      rateType: "fixed",
      addressFrom: "@a",
      extraFrom: null,
      addressTo: "+b",
      extraTo: "-1",
      addressRefund: null,
      hashFrom: null,
      hashTo: null,
    } as unknown as TransactionRecord);
    expect(row[EXPORT_COLUMNS.indexOf("provider")]).toBe('\'=HYPERLINK("http://evil")');
    expect(row[EXPORT_COLUMNS.indexOf("deposit_address")]).toBe("'@a");
    expect(row[EXPORT_COLUMNS.indexOf("receiving_address")]).toBe("'+b");
    expect(row[EXPORT_COLUMNS.indexOf("receiving_memo")]).toBe("'-1");
    expect(row[EXPORT_COLUMNS.indexOf("send_amount")]).toBe("1");
  });
});

describe("swap again in Russian", () => {
  it("a failed card offers 'Обменять снова', and the recent pair comes first", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9407, first_name: "Оля", language_code: "ru" });
    const { exchangeId, card } = await createViaFlow(user);
    w.app.sandbox!.steer(exchangeId, "fail");
    await w.app.tracker.refresh(exchangeId);
    await waitFor(() => buttons(card).includes("🔁 Обменять снова"), 5_000, "the finished card to offer Swap again");
    user.catchUp();
    await user.send("/exchange");
    const picker = await user.nextMessage();
    expect(buttons(picker)[0]).toBe("🔁 BTC → USDT (TRX)");
    expect(picker.text).toContain("недавних пар");
  });
});
