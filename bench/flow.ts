import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { run } from "@grammyjs/runner";
import { Bot } from "grammy";
import { pino } from "pino";
import { UNPACED } from "../src/telegram/outbox.js";
import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { startBotApiEmulator, type BotApiEmulator, type TestUser, type StoredMessage } from "../src/emulator/index.js";

const FLOWS = 30;

interface Step {
  name: string;
  act: (user: TestUser, last: StoredMessage) => Promise<unknown>;
}

/** The swap a person makes, one update per step. */
const STEPS: Step[] = [
  { name: "/exchange → currency picker", act: (u) => u.send("/exchange") },
  { name: "type 'btc btc' → second picker", act: (u) => u.send("btc btc") },
  { name: "type 'usdt trx' → amount prompt", act: (u) => u.send("usdt trx") },
  { name: "type '0.05' → offers (quote cached)", act: (u) => u.send("0.05") },
  { name: "tap an offer → address prompt", act: (u, last) => u.click(last, /^exolix · |^x USDT$/) },
  { name: "send address → summary", act: (u) => u.send("TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj") },
  { name: "tap Confirm → created (2 sandbox calls)", act: (u, last) => u.click(last, /Confirm/) },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Milliseconds from each step's update to the bot's answer, per step, over FLOWS users. */
async function timeSteps(tg: BotApiEmulator, firstUserId: number, steps: Step[]): Promise<number[][]> {
  const times: number[][] = steps.map(() => []);
  for (let i = 0; i < FLOWS; i++) {
    const user = tg.user({ id: firstUserId + i, first_name: "Bench", language_code: "en" });
    let last: StoredMessage | undefined;
    for (const [index, step] of steps.entries()) {
      const t0 = performance.now();
      await step.act(user, last!);
      last = await user.nextMessage({ timeoutMs: 10_000 });
      times[index]!.push(performance.now() - t0);
    }
    if (last?.text?.includes("Exchange created")) await user.nextMessage({ timeoutMs: 10_000 }); // the QR code
  }
  return times;
}

/**
 * The bot's own time per update at each step of the flow, against a bare grammY bot that
 * answers the same updates on the same emulator: the difference is what the flow costs.
 */
export async function flowSteps(): Promise<Record<string, string>> {
  const tg = await startBotApiEmulator({ recordCalls: false });
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-"));
  const config = loadConfig({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    DATABASE_PATH: join(dir, "bot.sqlite"),
    EXCHANGE_RATE_LIMIT_PER_MINUTE: "100000",
  });
  const app = await createApp({ ...config, botToken: tg.token }, pino({ level: "silent" }), { botInfo: tg.botInfo, floodLimits: UNPACED });
  await app.start();
  while (app.catalogue.currencies().length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  await timeSteps(tg, 1, STEPS); // warm-up: JIT, caches, the quote for the pair
  const ours = await timeSteps(tg, 1_000, STEPS);
  await app.stop();

  // The same updates answered by a bot that does nothing but reply.
  const bare = new Bot(tg.token, { client: { apiRoot: tg.apiRoot }, botInfo: tg.botInfo });
  bare.on("message", (ctx) => ctx.reply("ok", { reply_markup: { inline_keyboard: [[{ text: "x USDT", callback_data: "a" }], [{ text: "Confirm", callback_data: "b" }]] } }));
  bare.on("callback_query", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply("ok", { reply_markup: { inline_keyboard: [[{ text: "x USDT", callback_data: "a" }], [{ text: "Confirm", callback_data: "b" }]] } });
  });
  const runner = run(bare);
  await timeSteps(tg, 5_000, STEPS);
  const baseline = await timeSteps(tg, 6_000, STEPS);
  await runner.stop();
  await tg.close();
  rmSync(dir, { recursive: true, force: true });

  const figures: Record<string, string> = {};
  STEPS.forEach((step, i) => {
    const mine = median(ours[i]!);
    const base = median(baseline[i]!);
    figures[step.name] = `${mine.toFixed(1)} ms vs bare ${base.toFixed(1)} ms (bot's own: ${(mine - base).toFixed(1)} ms)`;
  });
  figures["flows timed"] = `${FLOWS}, medians`;
  return figures;
}
