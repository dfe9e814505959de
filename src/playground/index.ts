/**
 * The playground: with no BOT_TOKEN, `npm start` runs the real bot (the same createApp) on the
 * project's Bot API emulator and the embedded sandbox exchange, and serves a page on loopback
 * that looks and behaves like a Telegram chat.
 */
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "pino";
import { type App, createApp } from "../app.js";
import type { Config } from "../config.js";
import { type BotApiEmulator, startBotApiEmulator } from "../emulator/index.js";
import { startSandbox } from "../exchange/index.js";
import { type Cast, createCast } from "./cast.js";
import { PlaygroundClock } from "./clock.js";
import { startPlaygroundServer } from "./server.js";

export { PlaygroundClock } from "./clock.js";
export { renderEntities } from "./view.js";

export interface PlaygroundOptions {
  config: Config;
  logger: Logger;
  /** Overrides config.playgroundPort (0 takes any free port). Always loopback. */
  port?: number;
}

export interface Playground {
  url: string;
  app: App;
  emulator: BotApiEmulator;
  cast: Cast;
  clock: PlaygroundClock;
  stop(): Promise<void>;
}

/**
 * The bot's token on the emulator, new each run: a fixed one would let a page on any site post
 * to the emulator as the bot (the emulator also refuses foreign Host and Origin headers).
 */
function playgroundToken(): string {
  return `${randomInt(1_000_000, 9_999_999)}:${randomBytes(26).toString("base64url")}`;
}
const CLOCK_KEY = "playground:clock";
const WAITING_FOR_DEPOSIT_MS = 24 * 60 * 60 * 1000;

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const { config, logger } = options;
  const clock = new PlaygroundClock();
  const emulator = await startBotApiEmulator({
    token: playgroundToken(),
    botUser: { first_name: "Swap Bot", username: "swap_playground_bot" },
    clock: () => clock.now(),
    // A playground runs for hours; nobody reads a call log.
    recordCalls: false,
  });
  const cast = createCast(emulator);
  // A temporary database unless DATABASE_PATH or DATABASE_URL was given: a look around leaves
  // nothing behind. A given one is used as the bot would use it (and keeps the playground's clock).
  const kept = config.databasePathSet || config.databaseUrl !== undefined;
  const temporaryDir = kept ? undefined : mkdtempSync(join(tmpdir(), "swapbot-playground-"));
  const databasePath = temporaryDir === undefined ? config.databasePath : join(temporaryDir, "playground.sqlite");
  if (config.exchange.apiKey !== undefined)
    logger.warn("the playground always runs on the sandbox exchange, so EXCHANGE_API_KEY is not used");

  // The sandbox is the playground's own, so that its exchanges wait for the "deposit arrived"
  // button (a day, otherwise) instead of moving on by themselves as they do in tests.
  const sandboxKey = randomBytes(16).toString("hex");
  const sandbox = await startSandbox({
    apiKey: sandboxKey,
    clock,
    rateLimitPerMinute: config.exchange.rateLimitPerMinute,
    timeline: { waiting: WAITING_FOR_DEPOSIT_MS, overdueAfter: WAITING_FOR_DEPOSIT_MS },
  });
  const app = await createApp(
    {
      ...config,
      botToken: emulator.token,
      telegramApiRoot: emulator.apiRoot,
      databasePath,
      // The sandbox, never the real service; polling the emulator, never a webhook.
      exchange: { ...config.exchange, apiKey: undefined },
      webhook: undefined,
      // /metrics and /healthz stay on this machine, as the page does, whatever HEALTH_HOST says.
      health: config.health ? { ...config.health, host: "127.0.0.1" } : undefined,
      supportUserIds: [...new Set([...config.supportUserIds, cast.supportUserId])],
    },
    logger,
    { clock, botInfo: emulator.botInfo, sandbox: { exchange: sandbox, apiKey: sandboxKey } },
  );
  // With DATABASE_PATH, a run after a sped-up one must not go back in time: the budget's
  // journal and the exchanges in the database are stamped with the playground's clock.
  const savedClock = await app.repos.kv.get<number>(CLOCK_KEY);
  if (savedClock !== undefined) clock.jumpTo(savedClock);
  let server: Awaited<ReturnType<typeof startPlaygroundServer>> | undefined;
  const stop = async () => {
    await server?.close();
    if (temporaryDir === undefined) await app.repos.kv.set(CLOCK_KEY, clock.now());
    await app.stop();
    await sandbox.close();
    clock.stop();
    await emulator.close();
    if (temporaryDir !== undefined) rmSync(temporaryDir, { recursive: true, force: true });
  };
  try {
    await app.start();
    server = await startPlaygroundServer({
      emulator,
      cast,
      app,
      clock,
      logger,
      port: options.port ?? config.playgroundPort,
      host: "127.0.0.1",
    });
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { url: server.url, app, emulator, cast, clock, stop };
}
