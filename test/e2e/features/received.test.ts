import { parse } from "csv-parse/sync";
import { Decimal } from "decimal.js";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { createViaFlow } from "../../harness/flow.js";

/**
 * What arrived, against what was quoted (issue 40): a finished exchange says it in its message,
 * its card, its receipt and the CSV, from the service's amount_to; a refund says where it went
 * and its transaction.
 */
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The exchange moves to its end at once: the deposit arrives, and every later phase takes no time. */
async function endNow(w: TestWorld, exchangeId: string, how: "deposit-arrived" | "refund"): Promise<void> {
  w.app.sandbox!.setTimeline(exchangeId, { confirming: 0, exchanging: 0, sending: 0 });
  expect(w.app.sandbox!.steer(exchangeId, how)).toBe(true);
  await w.app.tracker.refresh(exchangeId);
}

async function exported(w: TestWorld, user: ReturnType<TestWorld["tg"]["user"]>): Promise<Record<string, string>[]> {
  await user.send("/export");
  const doc = await user.nextMessage();
  return parse(Buffer.from(w.tg.file(doc.document!.file_id)!.data!).toString("utf8"), { columns: true }) as Record<string, string>[];
}

const digits = (figure: string) => figure.replaceAll(",", "");

describe("what arrived against the quote (issue 40)", () => {
  it("a finished exchange that paid 0.27% less than quoted says so: its message, its card, its receipt and the CSV", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9421, first_name: "Quin", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    const quoted = (await w.app.repos.transactions.find(exchangeId))!.quotedTo!;
    expect(quoted).toMatch(/^\d+(\.\d+)?$/);
    const paid = new Decimal(quoted).times("0.9973").toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed();
    w.app.sandbox!.setPayout(exchangeId, paid);
    await endNow(w, exchangeId, "deposit-arrived");

    const done = (await user.nextMessage()).text ?? "";
    expect(done).toContain("Finished");
    const said = /Received: ([\d.,]+) USDT \(TRX\); the quote said about ([\d.,]+): 0\.27% less\./.exec(done);
    expect(said, done).not.toBeNull();
    // What arrived, every digit; the quote, as the offers showed it (rounded).
    expect(digits(said![1]!)).toBe(paid);
    expect(new Decimal(digits(said![2]!)).minus(quoted).abs().div(quoted).lt("0.00001")).toBe(true);

    await waitFor(() => /0\.27% less/.test(card.text ?? ""), 5_000, "the card to say it too");
    await user.click(card, "🧾 For support");
    const receipt = (await user.nextMessage()).text ?? "";
    expect(digits(receipt)).toContain(`Quoted when you confirmed: about ${quoted} USDT (TRX)`);
    expect(receipt).toMatch(/0\.27% less/);

    const [row] = await exported(w, user);
    expect(row).toMatchObject({ exchange_id: exchangeId, receive_amount: paid, quoted_receive_amount: quoted });
  });

  it("says as much when it paid what was quoted, and nothing of a quote the bot did not keep", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9422, first_name: "Ros", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    const quoted = (await w.app.repos.transactions.find(exchangeId))!.quotedTo!;
    w.app.sandbox!.setPayout(exchangeId, quoted);
    await endNow(w, exchangeId, "deposit-arrived");
    expect((await user.nextMessage()).text).toMatch(/Received: [\d.,]+ USDT \(TRX\), as quoted\./);
  });

  it("a refund says where it went and its transaction, on the deposit's network", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9423, first_name: "Ria", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    await endNow(w, exchangeId, "refund");
    const info = w.app.sandbox!.transactions().find((t) => t.record.id === exchangeId)!.info;
    expect(info.status).toBe("refunded");
    const refund = await user.nextMessage();
    expect(refund.text).toContain("Your deposit was refunded.");
    expect(refund.text).toContain(`Refund sent to ${info.address_refund}.`);
    expect(refund.text).toContain(`Refund: ${info.hash_to!.slice(0, 10)}…`);
    expect(refund.text).not.toContain("Payout:");
    // The link goes to the deposit network's explorer (Bitcoin's), with the refund's hash.
    const link = refund.entities!.flatMap((e) => (e.type === "text_link" && e.url.includes(info.hash_to!) ? [e.url] : []));
    expect(link).toEqual([expect.stringMatching(/bitcoin|btc|blockchair|mempool/i)]);

    const [row] = await exported(w, user);
    expect(row).toMatchObject({ refund_address: info.address_refund, refund_hash: info.hash_to, payout_hash: "" });
  });
});
