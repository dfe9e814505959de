import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../../src/clock.js";
import { type BotApiEmulator, startBotApiEmulator, waitFor } from "../../../src/emulator/index.js";
import { type SandboxExchange, startSandbox } from "../../../src/exchange/sandbox/index.js";
import { worldDatabase } from "../../harness/postgres.js";
import { type BotProcess, messagesOf, spawnBot } from "../../harness/process.js";

/** The bot as its own process (`src/main.ts`), for what only a process shows: its start, signals, exit. */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world(
  options: { token?: string } = {},
): Promise<{ tg: BotApiEmulator; sandbox: SandboxExchange; env: Record<string, string> }> {
  const tg = await startBotApiEmulator(options.token ? { token: options.token } : {});
  const sandbox = await startSandbox({ apiKey: "runtime-sandbox-key-0123456789", clock: systemClock, rateLimitPerMinute: 1000 });
  const dir = mkdtempSync(join(tmpdir(), "swapbot-runtime-"));
  // The suite's back end: a SQLite file, or a PostgreSQL database of the run's server.
  const database = await worldDatabase();
  cleanups.push(
    () => tg.close(),
    () => sandbox.close(),
    () => rmSync(dir, { recursive: true, force: true }),
    () => database.drop(),
  );
  const env = {
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: "runtime-sandbox-key-0123456789",
    EXCHANGE_RATE_LIMIT_PER_MINUTE: "1000",
    ...(database.env.DATABASE_URL === undefined ? { DATABASE_PATH: join(dir, "bot.sqlite") } : database.env),
    LOG_LEVEL: "info",
  };
  return { tg, sandbox, env };
}

function start(env: Record<string, string>): BotProcess {
  const bot = spawnBot(env);
  cleanups.push(() => bot.kill());
  return bot;
}

/** A bot whose quote never comes back from the service: a handler stays in flight. */
async function startWithHangingQuote(extraEnv: Record<string, string>, userId: number): Promise<BotProcess> {
  const { tg, sandbox, env } = await world();
  const bot = start({ ...env, ...extraEnv });
  await bot.waitForLine(/bot started/);
  // Loaded, not only asked for: a quote asked before the catalogue is stored would not reach the service.
  await bot.waitForLine(/"part":"currencies".*"catalogue refreshed"/, 10_000);
  await bot.waitForLine(/"part":"providers".*"catalogue refreshed"/, 10_000);
  sandbox.faults.inject({ kind: "hang" }, { endpoint: "getEstimatedAmount" });
  await tg.user({ id: userId, first_name: "Hang", language_code: "en" }).send("/rate 0.05 btc eth");
  await waitFor(() => sandbox.requests.some((r) => r.endpoint === "getEstimatedAmount"), 10_000, "the quote to be asked for");
  return bot;
}

describe("start-up", () => {
  it("says on one line that Telegram cannot be reached, keeps trying with a growing wait, and starts when it can", async () => {
    const { tg, env } = await world();
    await tg.goOffline();
    const bot = start(env);
    await bot.waitForLine(/"reason":"ECONNREFUSED","retryInSeconds":1,"msg":"Telegram cannot be reached/);
    await bot.waitForLine(/"reason":"ECONNREFUSED","retryInSeconds":2,"msg":"Telegram cannot be reached/);
    await tg.goOnline();
    await bot.waitForLine(/Telegram reached/, 10_000);
    await bot.waitForLine(/bot started/);
    const user = tg.user({ id: 9101, first_name: "Net", language_code: "en" });
    await user.send("/start");
    expect((await user.nextMessage({ timeoutMs: 10_000 })).text).toContain("Welcome, Net!");
  });

  it("stops with one clear line when Telegram refuses the token", async () => {
    const { env } = await world();
    const bot = start({ ...env, BOT_TOKEN: "4242:refused-token-0123456789" });
    expect(await bot.exited).toEqual({ code: 1, signal: null });
    const messages = messagesOf(bot.lines.filter(Boolean));
    expect(messages).toContain("Telegram refused the bot token");
    const line = JSON.parse(bot.lines.find((l) => l.includes("Telegram refused the bot token"))!) as Record<string, unknown>;
    expect(line).toMatchObject({ answer: "401 Unauthorized", hint: "check BOT_TOKEN, or ask @BotFather for the current one" });
    expect(bot.output()).not.toContain("trying again");
    expect(bot.output()).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe("SIGTERM", () => {
  it("takes no new update, lets the one being handled finish, and exits 0", async () => {
    const { tg, sandbox, env } = await world();
    const bot = start(env);
    await bot.waitForLine(/bot started/);
    // Loaded, not only asked for: a quote asked before the catalogue is stored would not reach the service.
    await bot.waitForLine(/"part":"currencies".*"catalogue refreshed"/, 10_000);
    await bot.waitForLine(/"part":"providers".*"catalogue refreshed"/, 10_000);
    // The quote takes a second at the service: its handler is in flight when the signal comes.
    sandbox.faults.inject({ kind: "delay", ms: 1_000 }, { endpoint: "getEstimatedAmount" });
    const user = tg.user({ id: 9201, first_name: "Term", language_code: "en" });
    await user.send("/rate 0.05 btc eth");
    await waitFor(() => sandbox.requests.some((r) => r.endpoint === "getEstimatedAmount"), 10_000, "the quote to be asked for");
    bot.child.kill("SIGTERM");
    await bot.waitForLine(/shutting down/);
    const late = tg.user({ id: 9202, first_name: "Late", language_code: "en" });
    await late.send("/start");

    expect(await bot.exited).toEqual({ code: 0, signal: null });
    const quote = await user.nextMessage({ timeoutMs: 1_000 });
    expect(quote.text).toContain("0.05 BTC");
    // The update that came after the signal is left to the next process.
    expect(late.messages().filter((m) => m.from_bot)).toEqual([]);
    expect(tg.pendingUpdates()).toBe(1);
    const messages = messagesOf(bot.lines);
    expect(messages.indexOf("bot stopped")).toBeGreaterThan(messages.findIndex((m) => /shutting down/.test(m)));
    expect(messages.join("\n")).not.toMatch(/grace period/);
  });

  it("gives up on a handler that outlasts SHUTDOWN_GRACE_SECONDS, says so, and still exits 0", async () => {
    const bot = await startWithHangingQuote({ SHUTDOWN_GRACE_SECONDS: "1" }, 9301);
    bot.child.kill("SIGTERM");
    expect(await bot.exited).toEqual({ code: 0, signal: null });
    const messages = messagesOf(bot.lines);
    expect(messages).toContain("stopping without the updates still being handled after the grace period");
    expect(messages).toContain("bot stopped");
  });

  it("a second signal exits at once", async () => {
    const bot = await startWithHangingQuote({ SHUTDOWN_GRACE_SECONDS: "60" }, 9401);
    bot.child.kill("SIGTERM");
    await bot.waitForLine(/shutting down/);
    bot.child.kill("SIGINT");
    expect(await bot.exited).toEqual({ code: 130, signal: null });
    const messages = messagesOf(bot.lines);
    expect(messages).toContain("a second signal came, so the process exits at once");
    expect(messages).not.toContain("bot stopped");
  });
});

describe("logs", () => {
  it("never show the bot token or the exchange key, even in errors quoting Bot API URLs", async () => {
    const token = "7000001:AAH-runtime-secret-token-for-redaction";
    const { tg, sandbox, env } = await world({ token });
    const key = env.EXCHANGE_API_KEY!;
    // Trace level: everything the bot can say.
    const bot = start({ ...env, LOG_LEVEL: "trace" });
    await bot.waitForLine(/bot started/);
    // Loaded, not only asked for: a quote asked before the catalogue is stored would not reach the service.
    await bot.waitForLine(/"part":"currencies".*"catalogue refreshed"/, 10_000);
    await bot.waitForLine(/"part":"providers".*"catalogue refreshed"/, 10_000);
    const user = tg.user({ id: 9501, first_name: "Red", language_code: "en" });
    await user.send("/start");
    await user.nextMessage({ timeoutMs: 10_000 });
    // Telegram goes away while the quote is at the service: the reply then fails on the wire
    // (and goes again while Telegram refuses), and grammY's error quotes the URL it called, token included.
    sandbox.faults.inject({ kind: "delay", ms: 1_000 }, { endpoint: "getEstimatedAmount" });
    await user.send("/rate 0.05 btc eth");
    await waitFor(() => sandbox.requests.some((r) => r.endpoint === "getEstimatedAmount"), 10_000, "the quote to be asked for");
    await tg.goOffline();
    await bot.waitForLine(/Telegram refused the connection/, 15_000);
    bot.child.kill("SIGTERM");
    await bot.exited;

    const output = bot.output();
    expect(output).toContain("[redacted]");
    expect(output).not.toContain(token);
    expect(output).not.toContain(token.split(":")[1]);
    expect(output).not.toContain(encodeURIComponent(token));
    expect(output).not.toContain(key);
  });
});
