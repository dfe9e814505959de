import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOW_STATE_MAX_BYTES } from "../../../src/bot/flow-sweeper.js";
import { createI18n } from "../../../src/bot/i18n.js";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { buttons, offerButtons, startExchange, summaryFrom, toAddress, toAmount, toOffers, typeFrom } from "../../harness/flow.js";

/** One bot for the whole file; each test is a different user, so flows don't meet. */
let world: TestWorld;
let nextUserId = 3000;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});
const newUser = (language_code = "en") => world.tg.user({ id: nextUserId++, first_name: "Tester", language_code });

describe("choosing currencies", () => {
  it("finds currencies by symbol, name and part of a name, and offers networks as buttons", async () => {
    const user = newUser();
    await startExchange(user);
    await user.send("tether");
    const matches = await user.nextMessage();
    expect(matches.text).toContain("Currencies matching “tether”");
    expect(buttons(matches)[0]).toMatch(/^USDT · Tether/);
    await user.click(matches, /^USDT · /);
    await waitForEdit(matches);
    // The same message now lists USDT's networks, each with its code and a readable name.
    expect(matches.text).toContain("USDT (Tether) is on several networks");
    expect(buttons(matches)).toContain("TRX · Tron (TRC-20)");
    await user.click(matches, "TRX · Tron (TRC-20)");
    const pickTo = await user.nextMessage();
    expect(pickTo.text).toContain("You send USDT (TRX)");
  });

  it("says when nothing matches and suggests close names", async () => {
    const user = newUser();
    await startExchange(user);
    await user.send("bitcon");
    const none = await user.nextMessage();
    expect(none.text).toContain("I found no currency called “bitcon”");
    expect(none.text).toContain("Did you mean");
    expect(buttons(none).some((b) => b.startsWith("BTC · "))).toBe(true);
  });

  it("shortens a long echo on whole characters: an emoji at the cut is kept whole or left out, never split", async () => {
    const user = newUser();
    await startExchange(user);
    // 63 letters, then a family emoji (5 code points, 8 UTF-16 units) across the 64th unit.
    const family = "👨‍👩‍👧";
    await user.send(`${"x".repeat(63)}${family} coin`);
    const none = await user.nextMessage();
    // Telegram refuses a lone surrogate as invalid UTF-8; the reply arrived, so there was none.
    expect(none.text).toContain(`I found no currency called “${"x".repeat(63)}${family}…”`);
    expect(none.text).not.toContain("\uFFFD");
  });

  it("escapes what the person typed", async () => {
    const user = newUser();
    await startExchange(user);
    await user.send("<b>x&y</b>");
    const none = await user.nextMessage();
    expect(none.text).toContain("“<b>x&y</b>”");
  });

  it("refuses the same currency on the same network on both sides", async () => {
    const user = newUser();
    await typeFrom(user, "eth eth");
    await user.send("eth eth");
    const refusal = await user.nextMessage();
    expect(refusal.text).toContain("You can't exchange ETH for itself");
    await user.send("eth arb");
    expect((await user.nextMessage()).text).toContain("How much ETH");
  });
});

describe("the amount", () => {
  it.each([
    ["abc", "not a number I can read"],
    ["0", "must be more than zero"],
    ["-1", "can't be negative"],
    ["1e5", "without an exponent"],
    ["0.123456789", "at most 8"],
    ["99999999999999", "too large"],
    ["1,000", "groups thousands or starts the decimals"],
  ])("refuses %j with a sentence saying what is wrong", async (input, sentence) => {
    const user = newUser();
    await toAmount(user, "btc btc", "eth eth");
    await user.send(input);
    expect((await user.nextMessage()).text).toContain(sentence);
    // The flow stays at the amount: a good amount is taken next.
    await user.send(".5");
    expect((await user.nextMessage()).text).toContain("0.5 BTC → ETH");
  });

  it("asks what 1.000 means of a person whose language writes a thousand that way, and reads it as one in English", async () => {
    const spanish = newUser("es");
    await toAmount(spanish, "btc btc", "eth eth");
    await spanish.send("1.000");
    const asked = (await spanish.nextMessage()).text!;
    // Telegram shows the text without its tags (and the sandbox's notice after it).
    expect(asked).toContain(
      createI18n(() => Promise.resolve(undefined))
        .t("es", "amount-ambiguous", { input: "1.000" })
        .replace(/<[^>]+>/g, ""),
    );
    // Written unambiguously, it goes on.
    await spanish.send("1000");
    expect((await spanish.nextMessage()).text).toMatch(/1[\s\u202f\u00a0.]?000 BTC → ETH/);

    const english = newUser();
    await toAmount(english, "btc btc", "eth eth");
    await english.send("1.000");
    expect((await english.nextMessage()).text).toContain("1 BTC → ETH");

    // A German app, spoken to in English (no German here): a thousand is "1.000" there too.
    const german = newUser("de");
    await toAmount(german, "btc btc", "eth eth");
    await german.send("1.000");
    expect((await german.nextMessage()).text).toContain("groups thousands or starts the decimals");
  });

  it("accepts 1 000 and 0,5 as people write them", async () => {
    const user = newUser();
    await toAmount(user, "usdt trx", "btc btc");
    await user.send("1 000");
    expect((await user.nextMessage()).text).toContain("1,000 USDT (TRX) → BTC");
  });
});

describe("the offers", () => {
  it("explains an invalid pair and lets the person pick another currency", async () => {
    const user = newUser();
    const answer = await toOffers(user, "xmr xmr", "btc ln", "1");
    expect(answer.text).toContain("This pair can't be exchanged");
    await user.click(answer, "Change what I receive");
    expect((await user.nextMessage()).text).toContain("What do you want to receive?");
  });

  it("explains an amount below the minimum and asks for a larger one", async () => {
    const user = newUser();
    const answer = await toOffers(user, "btc btc", "eth eth", "0.00000001");
    expect(answer.text).toContain("below the minimum");
    await user.click(answer, "Change amount");
    expect((await user.nextMessage()).text).toContain("How much BTC");
  });

  it("catches an amount outside the chosen offer's limits, showing them", async () => {
    const user = newUser();
    // 0.0003 BTC is above some providers' minimum and below others'.
    const offers = await toOffers(user, "btc btc", "eth eth", "0.0003");
    const limited = offers.text!.split("\n").find((line) => line.includes("limits:") && !line.includes("limits: 0.0002"));
    expect(limited).toBeDefined();
    const tooSmall = offerButtons(offers).find((b) => {
      const provider = b.split(" · ")[0]!;
      const line = offers.text!.split("\n").findIndex((l) => l.includes(`${provider}:`));
      const min = /limits: ([\d.]+)/.exec(offers.text!.split("\n")[line + 1] ?? "")?.[1];
      return min !== undefined && Number(min) > 0.0003;
    });
    expect(tooSmall).toBeDefined();
    await user.click(offers, tooSmall!);
    const refusal = await user.nextMessage();
    expect(refusal.text).toMatch(/accepts from [\d.]+ to ([\d.]+|no maximum) BTC; you entered 0.0003/);
  });

  it("refreshes the quote in place", async () => {
    const user = newUser();
    const offers = await toOffers(user, "eth eth", "usdt trx", "1");
    const estimatesBefore = world.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;
    await world.clock.advance(90_000);
    await user.click(offers, "Refresh");
    await waitForEdit(offers);
    expect(offers.text).toContain("1 ETH → USDT (TRX)");
    expect(world.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount")).toHaveLength(estimatesBefore + 1);
  });
});

describe("the address", () => {
  it.each([
    ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", "not a valid address on Tron"],
    ["TR7NHqjeKQxGTCi8q8ZY4pL8 otSzgjLj6t", "no spaces"],
    ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t\u202e", "hidden or unusual characters"],
    ["0x52908400098527886E0F7030069857D2E4169EE7", "not a valid address on Tron"],
  ])("refuses %j", async (input, sentence) => {
    const user = newUser();
    await toAddress(user, "btc btc", "usdt trx", "0.05");
    await user.send(input);
    expect((await user.nextMessage()).text).toContain(sentence);
    await user.send("TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj");
    expect((await user.nextMessage()).text).toContain("Please check everything");
  });
});

describe("the memo", () => {
  it("refuses a memo the network cannot carry", async () => {
    const user = newUser();
    await toAddress(user, "btc btc", "xrp xrp", "0.05");
    await user.send("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh");
    await user.nextMessage();
    await user.send("not-a-tag");
    expect((await user.nextMessage()).text).toContain("not a valid memo for XRP");
    await user.send("4294967295");
    expect((await user.nextMessage()).text).toContain("Memo: 4294967295");
  });
});

async function waitForEdit(message: { edited: number }, from = message.edited): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (message.edited === from) {
    if (Date.now() > deadline) throw new Error("the message was not edited");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a symbol on many networks", () => {
  it("pages the networks, every button within Telegram's limits", async () => {
    const user = newUser();
    const networks = await typeFrom(user, "usdt");
    expect(networks.text).toContain("USDT (Tether) is on several networks");
    expect(buttons(networks)).toContain("1/2");
    const firstPage = buttons(networks).filter((b) => / · /.test(b));
    expect(firstPage).toHaveLength(8);
    expect(firstPage[0]).toBe("TRX · Tron (TRC-20)");
    await user.click(networks, "›");
    await waitForEdit(networks);
    expect(buttons(networks)).toContain("2/2");
    const secondPage = buttons(networks).filter((b) => / · /.test(b));
    expect(secondPage.some((b) => firstPage.includes(b))).toBe(false);
    await user.click(networks, /^CELO · /);
    expect((await user.nextMessage()).text).toContain("You send USDT (CELO)");
    for (const button of (networks.reply_markup?.inline_keyboard ?? []).flat()) {
      if ("callback_data" in button) expect(Buffer.byteLength(button.callback_data ?? "")).toBeLessThanOrEqual(64);
    }
    expect(world.tg.unansweredCallbackQueries()).toEqual([]);
  });
});

describe("a flow that keeps getting wrong input", () => {
  /** The stored conversation of a chat, in bytes, as the database holds it. */
  const storedBytes = async (chatId: number) => Buffer.byteLength(JSON.stringify((await world.app.repos.kv.get(`conv:${chatId}`)) ?? null));

  it("restarts the step after a few wrong inputs instead of growing its state: 400 wrong addresses, then the swap goes on as chosen", async () => {
    const user = newUser();
    await toAddress(user, "btc btc", "usdt trx", "0.05");
    await world.app.idle();
    const before = await storedBytes(user.id);
    for (let i = 0; i < 400; i++) {
      const seen = user.messages().length;
      await user.send(`not-an-address-${i}`);
      await waitFor(() => user.messages().length > seen, 5_000, "an answer to a wrong address");
    }
    await waitFor(() => world.tg.pendingUpdates() === 0, 5_000, "the updates to be taken");
    await world.app.idle();
    const after = await storedBytes(user.id);
    expect(after).toBeLessThan(before + 16_000);
    // The step was asked again along the way, and what was chosen before it still holds.
    expect(user.messages().some((m) => m.text?.includes("so I am asking it again from the start"))).toBe(true);
    const seen = user.messages().length;
    await user.send("TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj");
    await waitFor(
      () =>
        user
          .messages()
          .slice(seen)
          .some((m) => m.text?.includes("Please check everything")),
      5_000,
      "the summary",
    );
    const summary = user
      .messages()
      .slice(seen)
      .find((m) => m.text?.includes("Please check everything"))!;
    expect(summary.text).toContain("0.05 BTC");
    expect(summary.text).toContain("USDT (TRX)");
    expect(summary.text).toContain("TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj");
  }, 120_000);

  it("is closed by the sweeper, with a note, once its stored state is too large (as an older version let it grow)", async () => {
    const user = newUser();
    await toAmount(user, "btc btc", "usdt trx");
    await world.app.idle();
    const key = `conv:${user.id}`;
    const stored = (await world.app.repos.kv.get<Record<string, unknown>>(key))!;
    await world.app.repos.kv.set(key, { ...stored, grown: "x".repeat(FLOW_STATE_MAX_BYTES) });
    const seen = user.messages().length;
    await world.clock.advance(60_000);
    await waitFor(
      () =>
        user
          .messages()
          .slice(seen)
          .some((m) => m.text?.includes("grew too long for me to keep")),
      5_000,
      "the note",
    );
    expect(await world.app.repos.kv.get(key)).toBeUndefined();
    const later = user.messages().length;
    await user.send("/exchange");
    await waitFor(
      () =>
        user
          .messages()
          .slice(later)
          .some((m) => m.text?.includes("What do you want to send?")),
      5_000,
      "a new flow",
    );
  });
});

describe("a person browsing the pickers", () => {
  const storedBytes = async (chatId: number) => Buffer.byteLength(JSON.stringify((await world.app.repos.kv.get(`conv:${chatId}`)) ?? null));
  /** A real flow with generous paging stays well under this (the sweep is at FLOW_STATE_MAX_BYTES). */
  const BROWSING_BOUND = 32_000;

  /** Turns the networks' pages `times` times, back and forth, each seen as an edit of the message. */
  async function turnPages(user: TestUser, networks: StoredMessage, times: number, measure?: () => Promise<void>): Promise<void> {
    for (let i = 0; i < times; i++) {
      const from = networks.edited;
      await user.click(networks, i % 2 === 0 ? "›" : "‹");
      const again = () => user.messages().some((m) => m.text?.includes("so I am asking it again from the start"));
      await waitFor(() => networks.edited !== from || again() || undefined, 5_000, `page turn ${i + 1}`);
      expect(again(), `"many tries" at page turn ${i + 1}`).toBe(false);
      expect(buttons(networks)).toContain(i % 2 === 0 ? "2/2" : "1/2");
      await measure?.();
    }
  }

  it("turns pages ten times in each picker and still confirms: no 'many tries', not closed by the sweep, the stored flow stays small", async () => {
    const user = newUser();
    let largest = 0;
    const measure = async () => {
      largest = Math.max(largest, await storedBytes(user.id));
    };
    const fromNetworks = await typeFrom(user, "usdt");
    await turnPages(user, fromNetworks, 10, measure);
    await user.click(fromNetworks, "TRX · Tron (TRC-20)");
    expect((await user.nextMessage()).text).toContain("You send USDT (TRX)");
    await user.send("usdc");
    const toNetworks = await user.nextMessage();
    await turnPages(user, toNetworks, 10, measure);
    await user.click(toNetworks, /^ETH · /);
    expect((await user.nextMessage()).text).toContain("How much USDT (TRX)");
    await user.send("100");
    const offers = await user.nextMessage();
    const summary = await summaryFrom(user, offers, { address: "0x52908400098527886E0F7030069857D2E4169EE7" });
    expect(summary.text).toContain("Please check everything");
    await world.app.idle();
    await measure();
    // A sweep runs: the flow is not closed.
    await world.clock.advance(60_000);
    await world.app.idle();
    expect(await world.app.repos.kv.get(`conv:${user.id}`)).toBeDefined();
    expect(largest).toBeLessThan(BROWSING_BOUND);
    await user.click(summary, /^✅/);
    const card = await user.nextMessage();
    expect(card.text).toMatch(/🔁 \S+ \S+/);
    expect(user.messages().some((m) => m.text?.includes("grew too long for me to keep"))).toBe(false);
    expect(user.messages().some((m) => m.text?.includes("so I am asking it again from the start"))).toBe(false);
  }, 60_000);

  it("turns pages 200 times: the stored flow stays bounded, the buttons keep working, and no 'many tries'", async () => {
    const user = newUser();
    const networks = await typeFrom(user, "usdt");
    await turnPages(user, networks, 6);
    await world.app.idle();
    const early = await storedBytes(user.id);
    let largest = 0;
    await turnPages(user, networks, 200, async () => {
      largest = Math.max(largest, await storedBytes(user.id));
    });
    expect(largest).toBeLessThan(early + 8_000);
    expect(user.messages().some((m) => m.text?.includes("so I am asking it again from the start"))).toBe(false);
    await user.click(networks, /^TRX · /);
    expect((await user.nextMessage()).text).toContain("You send USDT (TRX)");
  }, 120_000);
});
