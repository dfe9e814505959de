import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { run } from "@grammyjs/runner";
import { Bot } from "grammy";
import { pino } from "pino";
import { type App, createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { type BotApiEmulator, type StoredMessage, startBotApiEmulator, type TestUser } from "../src/emulator/index.js";
import { UNPACED } from "../src/telegram/outbox.js";
import { benchDatabase, countRoundTrips } from "./postgres.js";

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

interface Timed {
  /** Milliseconds from each step's update to the bot's answer: per step, one per flow. */
  times: number[][];
  /** PostgreSQL only: round trips to the server from each step's update until the bot is idle again. */
  roundTrips?: number[][];
  /** PostgreSQL only: what one flow's steps sent, step by step (BENCH_SHOW_SQL=1 prints it). */
  statements?: string[][];
}

/** Each step over FLOWS users; with `app`, waits for it to be idle after each answer and counts its round trips. */
async function timeSteps(
  tg: BotApiEmulator,
  firstUserId: number,
  steps: Step[],
  app?: App,
  counter?: ReturnType<typeof countRoundTrips>,
): Promise<Timed> {
  const times: number[][] = steps.map(() => []);
  const roundTrips: number[][] = steps.map(() => []);
  const statements: string[][] = steps.map(() => []);
  for (let i = 0; i < FLOWS; i++) {
    const user = tg.user({ id: firstUserId + i, first_name: "Bench", language_code: "en" });
    let last: StoredMessage | undefined;
    for (const [index, step] of steps.entries()) {
      const before = counter?.count() ?? 0;
      const seen = counter?.statements.length ?? 0;
      const t0 = performance.now();
      await step.act(user, last!);
      last = await user.nextMessage({ timeoutMs: 10_000 });
      times[index]!.push(performance.now() - t0);
      // What the update still writes after its answer (the conversation's state) counts too.
      await app?.idle();
      if (counter) {
        roundTrips[index]!.push(counter.count() - before);
        if (i === 0) statements[index] = counter.statements.slice(seen);
      }
    }
    if (last?.text?.includes("Exchange created")) await user.nextMessage({ timeoutMs: 10_000 }); // the QR code
  }
  return counter ? { times, roundTrips, statements } : { times };
}

/** The whole bot on a database (DATABASE_PATH or DATABASE_URL in `env`), through the flow, after a warm-up. */
async function ours(tg: BotApiEmulator, env: Record<string, string>, firstUserId: number): Promise<Timed> {
  const config = loadConfig({ BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.apiRoot, EXCHANGE_RATE_LIMIT_PER_MINUTE: "100000", ...env });
  const app = await createApp({ ...config, botToken: tg.token }, pino({ level: "silent" }), { botInfo: tg.botInfo, floodLimits: UNPACED });
  await app.start();
  try {
    while (app.catalogue.currencies().length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await timeSteps(tg, firstUserId, STEPS, app); // warm-up: JIT, caches, the quote for the pair
    const counter = app.store.dialect === "postgres" ? countRoundTrips(app.store.pool) : undefined;
    return await timeSteps(tg, firstUserId + 1_000, STEPS, app, counter);
  } finally {
    await app.stop();
  }
}

/**
 * The bot's own time per update at each step of the flow, on SQLite and on PostgreSQL, against
 * a bare grammY bot that answers the same updates on the same emulator: the difference is what
 * the flow costs. On PostgreSQL, the round trips to the server each update takes.
 */
export async function flowSteps(): Promise<Record<string, string>> {
  const tg = await startBotApiEmulator({ recordCalls: false });
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-"));
  const sqlite = await ours(tg, { DATABASE_PATH: join(dir, "bot.sqlite") }, 1);
  const database = await benchDatabase();
  let postgres: Timed;
  try {
    postgres = await ours(tg, { DATABASE_URL: database.url }, 10_000);
  } finally {
    await database.drop();
  }

  // The same updates answered by a bot that does nothing but reply.
  const bare = new Bot(tg.token, { client: { apiRoot: tg.apiRoot }, botInfo: tg.botInfo });
  bare.on("message", (ctx) =>
    ctx.reply("ok", {
      reply_markup: { inline_keyboard: [[{ text: "x USDT", callback_data: "a" }], [{ text: "Confirm", callback_data: "b" }]] },
    }),
  );
  bare.on("callback_query", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply("ok", {
      reply_markup: { inline_keyboard: [[{ text: "x USDT", callback_data: "a" }], [{ text: "Confirm", callback_data: "b" }]] },
    });
  });
  const runner = run(bare);
  await timeSteps(tg, 50_000, STEPS);
  const baseline = await timeSteps(tg, 60_000, STEPS);
  await runner.stop();
  await tg.close();
  rmSync(dir, { recursive: true, force: true });

  const figures: Record<string, string> = { "": `SQLite | ${database.server}, round trips per update | bare grammY` };
  STEPS.forEach((step, i) => {
    const base = median(baseline.times[i]!);
    const onSqlite = median(sqlite.times[i]!);
    const onPostgres = median(postgres.times[i]!);
    const trips = median(postgres.roundTrips![i]!);
    figures[step.name] =
      `${onSqlite.toFixed(1)} ms | ${onPostgres.toFixed(1)} ms, ${trips} | bare ${base.toFixed(1)} ms (bot's own: ${(onSqlite - base).toFixed(1)} | ${(onPostgres - base).toFixed(1)} ms)`;
  });
  figures["flows timed"] = `${FLOWS} on each, medians`;
  if (process.env.BENCH_SHOW_SQL) {
    STEPS.forEach((step, i) => {
      figures[`SQL: ${step.name}`] = `\n      ${postgres.statements![i]!.join("\n      ")}`;
    });
  }
  return figures;
}
