import { Api } from "grammy";
import { pino } from "pino";
import { ManualClock } from "../src/clock.js";
import { startBotApiEmulator } from "../src/emulator/index.js";
import { Outbox, TELEGRAM_FLOOD_LIMITS } from "../src/telegram/outbox.js";

/**
 * A burst the size of a busy minute, through the outbox, against an emulator that answers 429
 * above Telegram's limits strictly: 300 private chats with 3 messages each (a status change, a
 * reply, a card), one group asked 40 times, all at the same instant. Time is simulated (a fake
 * clock moved in 50 ms steps), so the figures are what Telegram's limits allow, not this machine.
 */
export async function floodBurst(): Promise<Record<string, string>> {
  const clock = new ManualClock();
  const tg = await startBotApiEmulator({ clock: () => clock.now() });
  tg.enforceFloodLimits();
  const outbox = new Outbox({ clock, logger: pino({ level: "silent" }), limits: TELEGRAM_FLOOD_LIMITS });
  const api = new Api(tg.token, { apiRoot: tg.apiRoot });
  api.config.use(outbox.transformer({ retry: true }));
  const group = -1005550000000;
  tg.group({ id: group, title: "Busy", admins: [1] });
  const chats = Array.from({ length: 300 }, (_, i) => -1005560000000 - i); // groups stand in for chats the bot may write to
  for (const id of chats) tg.group({ id, title: `Chat ${id}`, admins: [1] });

  const start = clock.now();
  const sentAt = new Map<string, number>();
  const send = (chat: number, text: string) => api.sendMessage(chat, text).then(() => sentAt.set(`${chat}:${text}`, clock.now() - start));
  const all = Promise.all([
    ...chats.flatMap((chat) => [send(chat, "status"), send(chat, "reply"), send(chat, "card")]),
    ...Array.from({ length: 40 }, (_, i) => send(group, `quote ${i}`)),
  ]);
  let settled = false;
  void all.finally(() => (settled = true));
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    await clock.advance(50);
  }
  await all;
  const refused = tg.calls.filter((c) => !c.response.ok).length;
  const statusWaits = chats.map((chat) => sentAt.get(`${chat}:status`) ?? 0).sort((a, b) => a - b);
  const groupDone = Math.max(...Array.from({ length: 40 }, (_, i) => sentAt.get(`${group}:quote ${i}`) ?? 0));
  await tg.close();
  return {
    "messages sent": `${sentAt.size} of ${chats.length * 3 + 40}`,
    "answered 429 by the strict emulator (target 0)": String(refused),
    "all delivered after (simulated)": `${((clock.now() - start) / 1000).toFixed(1)} s (30 a second allows ${((chats.length * 3 + 40) / 30).toFixed(1)} s)`,
    "first status message of each chat, median / last": `${(statusWaits[150]! / 1000).toFixed(1)} s / ${(statusWaits.at(-1)! / 1000).toFixed(1)} s`,
    "the group's 40 quotes done after (20 a minute)": `${(groupDone / 1000).toFixed(1)} s`,
  };
}
