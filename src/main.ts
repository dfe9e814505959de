import { createApp } from "./app.js";
import { ConfigError, loadConfig, loadDotEnv } from "./config.js";
import { createLogger } from "./logger.js";

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { botToken } = config;
  if (botToken === undefined) {
    console.error("BOT_TOKEN is not set: create a bot with @BotFather, then put its token in BOT_TOKEN (in the environment or .env; see .env.example).");
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const app = await createApp({ ...config, botToken }, logger);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  await app.start();
}

main().catch((error: unknown) => {
  console.error("The bot could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
