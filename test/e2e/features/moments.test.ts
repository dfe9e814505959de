import type { MessageEntity } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { createViaFlow, toOffers } from "../../harness/flow.js";

/**
 * Moments people read (issue 40): Telegram's date-time entity (Bot API 9.5), which each app shows
 * in its reader's time zone and language; its text, in UTC, is what an app without it shows.
 */
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

type DateTime = Extract<MessageEntity, { type: "date_time" }>;

/** The message's date-time entities, each with the text it covers. */
function moments(message: StoredMessage): (DateTime & { text: string })[] {
  return (message.entities ?? [])
    .filter((e): e is DateTime => e.type === "date_time")
    .map((e) => ({ ...e, text: message.text!.slice(e.offset, e.offset + e.length) }));
}

const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

describe("moments in the reader's own time zone (issue 40)", () => {
  it("the quote's time, the card's update time and the receipt's status times are date-time entities, with the UTC time as their text", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9431, first_name: "Tim", language_code: "en" });
    const offers = await toOffers(user, "btc btc", "usdt trx", "0.05");
    const [quoted] = moments(offers);
    expect(quoted).toMatchObject({ date_time_format: "T", unix_time: Math.floor(w.clock.now() / 1000) });
    expect(quoted!.text).toMatch(/^\d\d:\d\d:\d\d UTC$/);
    expect(offers.text).toContain(`quoted at ${quoted!.text} (`);

    const uma = w.tg.user({ id: 9432, first_name: "Uma", language_code: "en" });
    const { card } = await createViaFlow(uma);
    const updated = moments(card).at(-1)!;
    expect(updated).toMatchObject({ date_time_format: "dt", unix_time: Math.floor(w.clock.now() / 1000), text: utcMinute(w.clock.now()) });
    expect(card.text).toContain(`Updated ${updated.text}`);

    await uma.click(card, "🧾 For support");
    const receipt = await uma.nextMessage();
    // Created, and each status in the history.
    expect(moments(receipt).map((m) => [m.date_time_format, m.text])).toEqual([
      ["dt", utcMinute(w.clock.now())],
      ["dt", utcMinute(w.clock.now())],
    ]);
  });

  it("a group's quote card says its time as one too", async () => {
    const w = (world = await startWorld());
    const ann = w.tg.user({ id: 9433, first_name: "Ann", language_code: "en" });
    const group = w.tg.group({ id: -100_943_300, title: "Traders", type: "supergroup", admins: [9433] });
    group.addMember(ann);
    await ann.send("/rate 0.5 btc eth", { chat: group });
    const card = await ann.nextMessage({ chat: group });
    expect(moments(card).map((m) => [m.date_time_format, m.text])).toEqual([
      ["t", `${new Date(w.clock.now()).toISOString().slice(11, 16)} UTC`],
    ]);
  });
});
