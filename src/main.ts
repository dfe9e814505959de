import type { Logger } from "pino";
import { createApp, STOP_CLOSING_MS } from "./app.js";
import { type Config, ConfigError, loadConfig, loadDotEnv } from "./config.js";
import { urlSecrets } from "./db/postgres/url.js";
import { createLogger, redactor } from "./logger.js";
import { startPlayground } from "./playground/index.js";
import { TokenRefusedError } from "./telegram/index.js";

const EXIT_CODE_OF: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // Its message shows DATABASE_URL masked; cut all the same, should a form of it slip through.
      console.error(redactor(urlSecrets(process.env.DATABASE_URL ?? ""))(error.message));
      process.exit(1);
    }
    throw error;
  }
  const { botToken } = config;
  if (botToken === undefined) return runPlayground(config);
  const secrets = [botToken, config.exchange.apiKey, config.webhook?.secret, ...databasePassword(config)];
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, secrets });
  // Anything that escapes to stderr is cut the same way.
  const redact = redactor(secrets);
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception");
    process.exit(1);
  });
  const app = await createApp({ ...config, botToken }, logger);

  stopOnSignals(() => app.stop(), logger, {
    afterMs: config.shutdownGraceMs + STOP_CLOSING_MS,
    cutShort: (seconds) => {
      const { updates, waitingFor } = app.held();
      logger.error(
        { seconds, waitingFor, updates, next: "an update not finished stays in the inbox, for another instance or the next start" },
        "the shutdown was not done in time, so the process exits all the same",
      );
    },
  });
  try {
    await app.start();
  } catch (error) {
    // A refused token is the operator's to fix: one clear line, no stack.
    if (error instanceof TokenRefusedError)
      logger.fatal({ answer: error.answer, hint: TokenRefusedError.HINT }, "Telegram refused the bot token");
    else logger.fatal({ err: error, reason: redact(error instanceof Error ? error.message : String(error)) }, "the bot could not start");
    await app.stop().catch(() => {});
    process.exit(1);
  }
}

/** No BOT_TOKEN: the whole bot in a browser, on the emulator and the sandbox (see src/playground). */
async function runPlayground(config: Config): Promise<void> {
  const logger = createLogger({
    level: config.logLevel,
    format: config.logFormat,
    secrets: [config.exchange.apiKey, ...databasePassword(config)],
  });
  const playground = await startPlayground({ config, logger }).catch((error: unknown) => {
    if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
    console.error(
      `Port ${config.playgroundPort} on 127.0.0.1 is taken, so the playground cannot open its page: set PLAYGROUND_PORT to a free port.`,
    );
    process.exit(1);
  });
  process.stdout.write(
    `\nBOT_TOKEN is not set, so this is the PLAYGROUND: the real bot on a Telegram stand-in and the sandbox exchange (no real funds).\n` +
      `Open ${playground.url} in a browser. To run the real bot, put a token from @BotFather in BOT_TOKEN (see .env.example).\n\n`,
  );
  stopOnSignals(() => playground.stop(), logger);
}

/** DATABASE_URL's password in every form, never to be logged (pg's own messages may quote the URL). */
function databasePassword(config: Config): string[] {
  return config.databaseUrl === undefined ? [] : urlSecrets(config.databaseUrl);
}

/**
 * First signal: a graceful stop (updates in flight get SHUTDOWN_GRACE_SECONDS). Second: at once.
 * With `deadline`: if the stop is not done `afterMs` after the first signal (a close that hangs),
 * `cutShort` says so and the process exits (1) all the same.
 */
function stopOnSignals(
  stop: () => Promise<void>,
  logger: Logger,
  deadline?: { afterMs: number; cutShort: (seconds: number) => void },
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, "a second signal came, so the process exits at once");
      process.exit(EXIT_CODE_OF[signal] ?? 1);
    }
    stopping = true;
    logger.info({ signal }, "shutting down (a second signal exits at once)");
    if (deadline) {
      setTimeout(() => {
        deadline.cutShort(deadline.afterMs / 1000);
        process.exit(1);
      }, deadline.afterMs);
    }
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

if (process.argv[2] === "db:copy") {
  // An operator's command instead of the bot: moves a SQLite database into PostgreSQL.
  const { dbCopyCommand } = await import("./cli/db-copy.js");
  process.exitCode = await dbCopyCommand(process.argv.slice(3));
} else {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      "The bot could not start:",
      redactor([process.env.BOT_TOKEN, process.env.EXCHANGE_API_KEY, ...urlSecrets(process.env.DATABASE_URL ?? "")])(message),
    );
    process.exit(1);
  });
}
