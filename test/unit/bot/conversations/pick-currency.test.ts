import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FlowConversation } from "../../../../src/bot/conversations/flow-ui.js";
import { type PairDeps, pickerDataOf } from "../../../../src/bot/conversations/pair-and-amount.js";
import { pickCurrency } from "../../../../src/bot/conversations/pick-currency.js";
import { fromRecord, toRecord } from "../../../../src/bot/conversations/slim-record.js";
import { ManualClock } from "../../../../src/clock.js";
import { openSqliteStore, type Store, TransactionRepository } from "../../../../src/db/index.js";
import { CurrencyIndex } from "../../../../src/domain/currency-search.js";
import type { Currency } from "../../../../src/service/schemas.js";
import { CATALOGUE, currency, labels, runStep } from "../../../harness/step.js";

const USER = 5001;
/** A currency as the flow's record keeps it (slim-record.ts): what the picker returns, its picture and explorer left in the catalogue. */
const recorded = (symbol: string, network?: string): Currency => fromRecord(toRecord(currency(symbol, network)));
const index = new CurrencyIndex(CATALOGUE);
const btc = currency("btc");

let store: Store;
let clock: ManualClock;
let transactions: TransactionRepository;
/** What the exchange service's availability says (src/exchange/availability.ts): undefined while it serves. */
let unavailable: { reason: "unreachable"; since: number; detail: string } | undefined;
beforeEach(() => {
  clock = new ManualClock();
  store = openSqliteStore(":memory:");
  transactions = new TransactionRepository(store, clock);
  unavailable = undefined;
});
afterEach(() => store.close());

/** The picker's data as the flow reads it (pickerDataOf): a real search index on the sandbox catalogue, the person's own exchanges. */
const data = (conversation: FlowConversation) => {
  const deps: PairDeps = {
    repos: { transactions },
    catalogue: {
      currencies: () => CATALOGUE,
      find: (symbol, network) => CATALOGUE.find((c) => c.symbol === symbol && c.network === network),
    },
    currencyIndex: () => index,
    availability: { current: () => unavailable },
  };
  return pickerDataOf(conversation, deps, USER);
};
const pick = (role: "from" | "to", exclude?: Currency) =>
  runStep((conversation, ui) => pickCurrency(ui, data(conversation), role, exclude));

/** An exchange the person made before: its pair is offered first at the first step. */
async function swappedBefore(from: Currency, to: Currency, exchangeId: string): Promise<void> {
  await transactions.insert({
    exchangeId,
    userId: USER,
    chatId: USER,
    symbolFrom: from.symbol,
    networkFrom: from.network,
    symbolTo: to.symbol,
    networkTo: to.network,
    amountFrom: "0.1",
    amountTo: "100",
    addressTo: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    extraTo: null,
    addressFrom: null,
    extraFrom: null,
    provider: "Changelly",
    rateType: "floating",
    status: "finished",
    createdAt: clock.now(),
    nextPollAt: null,
    pollRank: 0,
    cardMessageId: null,
    cardHolder: null,
    noticeHolder: null,
  } as never);
  await clock.advance(1_000);
}

describe("the currency picker", () => {
  it("shows popular currencies as buttons, and takes a symbol typed with its network", async () => {
    const run = await pick("from");
    expect(run.last().text).toBe(
      "What do you want to send?\n\nTap a currency, or type its symbol or name: usdt, tether, or a symbol with its network: usdt trx.",
    );
    expect(labels(run.last())).toEqual(["BTC", "ETH", "USDT (TRX)", "USDT (ETH)", "USDC (ETH)", "SOL", "TON", "XRP", "LTC"]);

    const turn = await run.send("USDT trx");
    expect(turn.sent).toEqual([]);
    expect(run.result).toEqual({ currency: recorded("usdt", "trx") });
  });

  it("takes a tap on a popular currency", async () => {
    const run = await pick("from");
    await run.tap("XRP");
    expect(run.result).toEqual({ currency: recorded("xrp") });
  });

  it("asks which network for a symbol on several, a page at a time, and takes the network tapped", async () => {
    const run = await pick("from");
    const networks = await run.send("usdt");
    expect(networks.sent).toHaveLength(1);
    const list = networks.sent[0]!;
    expect(list.text).toBe("What do you want to send?\n\nUSDT (Tether) is on several networks. Which one?");
    expect(labels(list)).toEqual([
      "TRX · Tron (TRC-20)",
      "ETH · Ethereum (ERC-20)",
      "BSC · BNB Smart Chain (BEP-20)",
      "SOL · Solana",
      "TON · TON",
      "POL · Polygon",
      "ARB · Arbitrum One",
      "AVAXC · Avalanche C-Chain",
      "1/2",
      "›",
      "« Popular currencies",
    ]);

    // The page turns in place: the same message, edited.
    const turned = await run.tap("›");
    expect(turned.sent).toEqual([]);
    expect(turned.edited).toEqual([expect.objectContaining({ message_id: list.message_id, edits: 1 })]);
    expect(labels(list)).toEqual([
      "OP · Optimism",
      "NEAR · NEAR Protocol",
      "APT · Aptos",
      "LINEA · Linea",
      "CELO · Celo",
      "‹",
      "2/2",
      "« Popular currencies",
    ]);

    await run.tap(/^CELO/);
    expect(run.result).toEqual({ currency: recorded("usdt", "celo") });
  });

  it("shows names that match, and what it may have meant when nothing does", async () => {
    const run = await pick("from");
    const matches = await run.send("tether");
    expect(matches.sent[0]!.text).toBe("What do you want to send?\n\nCurrencies matching “tether”:");
    expect(labels(matches.sent[0]!)).toContain("USDT · Tether");

    const none = await run.send("bitcoim");
    expect(none.sent[0]!.text).toBe("What do you want to send?\n\nI found no currency called “bitcoim”.\nDid you mean one of these?");
    expect(labels(none.sent[0]!)[0]).toBe("BTC · Bitcoin");
    await run.tap("BTC · Bitcoin");
    // Bitcoin is on two networks here: the picker asks which.
    expect(run.done).toBe(false);
    expect(run.last().text).toMatch(/BTC \(Bitcoin\) is on several networks/);
    await run.tap(/^BTC ·/);
    expect(run.result).toEqual({ currency: recorded("btc") });
  });

  it("says the service is unavailable rather than that nothing was found", async () => {
    unavailable = { reason: "unreachable", since: 0, detail: "" };
    const run = await pick("from");
    const turn = await run.send("bitcoim");
    expect(turn.sent.map((m) => m.text)).toEqual([
      "⚠️ The exchange service is unavailable right now, so I cannot quote or create exchanges. Please try again later; exchanges you already created are in /history.",
    ]);
  });

  it("refuses the currency on the other side of the swap", async () => {
    const run = await pick("to", btc);
    expect(run.last().text).toMatch(/^You send BTC\. What do you want to receive\?/);
    const same = await run.send("btc btc");
    expect(same.sent.map((m) => m.text)).toEqual(["You can't exchange BTC for itself. Pick another currency to receive."]);
    expect(run.done).toBe(false);
    await run.tap("ETH");
    expect(run.result).toEqual({ currency: recorded("eth") });
  });

  it("offers the person's recent pairs first: one tap gives both sides", async () => {
    const usdtTrx = currency("usdt", "trx");
    await swappedBefore(btc, usdtTrx, "ex-1");
    await swappedBefore(currency("eth"), currency("sol"), "ex-2");
    await swappedBefore(btc, usdtTrx, "ex-3");
    const run = await pick("from");
    expect(run.last().text).toMatch(/Tap one of your recent pairs or a currency/);
    expect(labels(run.last()).slice(0, 3)).toEqual(["🔁 BTC → USDT (TRX)", "🔁 ETH → SOL", "BTC"]);
    await run.tap("🔁 ETH → SOL");
    expect(run.result).toEqual({ currency: recorded("eth"), to: recorded("sol") });
  });
});
