import { describe, expect, it } from "vitest";
import { ConfigError, databaseNote, loadConfig } from "../../src/config.js";

describe("loadConfig", () => {
  it("fills every default from an empty environment", () => {
    const config = loadConfig({});
    expect(config).toEqual({
      botToken: undefined,
      telegramApiRoot: "https://api.telegram.org",
      exchange: {
        apiKey: undefined,
        apiUrl: "https://interfacev2.flashift.app/api/dev/v2",
        authScheme: "bearer",
        rateLimitPerMinute: 10,
        backgroundShare: 0.6,
      },
      databasePath: "./data/bot.sqlite",
      databasePathSet: false,
      databaseUrl: undefined,
      supportUserIds: [],
      supportUsernames: {},
      trackerIntervalSeconds: 60,
      alertCheckMinutes: 10,
      slowness: { confirmingMinutes: {}, exchangingMinutes: 30, sendingMinutes: 30, lateFactor: 3 },
      webhook: undefined,
      health: undefined,
      shutdownGraceMs: 8000,
      playgroundPort: 3000,
      telegramPacing: true,
      logFormat: "auto",
      logLevel: "info",
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      BOT_TOKEN: "123:abc",
      TELEGRAM_API_ROOT: "http://127.0.0.1:8081/",
      EXCHANGE_API_URL: "https://example.test/api/dev/v2",
      EXCHANGE_API_KEY: "k",
      EXCHANGE_AUTH_SCHEME: "RAW",
      EXCHANGE_RATE_LIMIT_PER_MINUTE: "30",
      EXCHANGE_BACKGROUND_SHARE: "0.5",
      DATABASE_PATH: "/var/lib/bot/db.sqlite",
      SUPPORT_USER_IDS: " 1, 22 ,333",
      TRACKER_INTERVAL_SECONDS: "15",
      LOG_LEVEL: "debug",
      WEBHOOK_URL: "https://bot.example.test/telegram",
      WEBHOOK_SECRET: "s3cret-s3cret-s3cret",
      WEBHOOK_PORT: "8443",
      HEALTH_PORT: "9090",
      HEALTH_HOST: "0.0.0.0",
      SHUTDOWN_GRACE_SECONDS: "20",
      LOG_FORMAT: "JSON",
      TELEGRAM_PACING: "OFF",
    });
    expect(config.telegramPacing).toBe(false);
    expect(config.webhook).toEqual({
      url: "https://bot.example.test/telegram",
      secret: "s3cret-s3cret-s3cret",
      port: 8443,
      host: "0.0.0.0",
    });
    expect(config.health).toEqual({ port: 9090, host: "0.0.0.0" });
    expect(config.shutdownGraceMs).toBe(20_000);
    expect(config.logFormat).toBe("json");
    expect(config.telegramApiRoot).toBe("http://127.0.0.1:8081");
    expect(config.exchange).toMatchObject({ apiKey: "k", authScheme: "raw", rateLimitPerMinute: 30, backgroundShare: 0.5 });
    expect(config.supportUserIds).toEqual([1, 22, 333]);
    expect(config.trackerIntervalSeconds).toBe(15);
  });

  it("takes support staff with or without a username", () => {
    const config = loadConfig({ SUPPORT_USER_IDS: "11111111:@alice_support, 22222222" });
    expect(config.supportUserIds).toEqual([11111111, 22222222]);
    expect(config.supportUsernames).toEqual({ 11111111: "alice_support" });
    expect(() => loadConfig({ SUPPORT_USER_IDS: "11111111:a b" })).toThrow(/Invalid SUPPORT_USER_IDS/);
  });

  it("refuses a pacing that is neither on nor off", () => {
    expect(() => loadConfig({ TELEGRAM_PACING: "sometimes" })).toThrow('Invalid TELEGRAM_PACING: must be "on" or "off"');
  });

  it("keeps the health server on loopback unless told otherwise", () => {
    expect(loadConfig({ HEALTH_PORT: "9090" }).health).toEqual({ port: 9090, host: "127.0.0.1" });
  });

  it("requires a secret with a webhook, so only Telegram can deliver updates", () => {
    expect(() => loadConfig({ WEBHOOK_URL: "https://bot.example.test/hook" })).toThrow(
      /^Invalid WEBHOOK_SECRET: required when WEBHOOK_URL is set/,
    );
    expect(() => loadConfig({ WEBHOOK_URL: "https://bot.example.test/hook", WEBHOOK_SECRET: "short" })).toThrow(
      /^Invalid WEBHOOK_SECRET: must be 16 to 256/,
    );
    expect(() => loadConfig({ WEBHOOK_URL: "https://bot.example.test/hook", WEBHOOK_SECRET: "has spaces in it, not allowed" })).toThrow(
      /^Invalid WEBHOOK_SECRET/,
    );
    expect(loadConfig({ WEBHOOK_URL: "https://bot.example.test/hook", WEBHOOK_SECRET: "a".repeat(32) }).webhook?.port).toBe(8080);
  });

  it("treats an empty key as unset, so the sandbox is used", () => {
    expect(loadConfig({ EXCHANGE_API_KEY: "  " }).exchange.apiKey).toBeUndefined();
  });

  it("uses PostgreSQL when DATABASE_URL is set (postgres:// or postgresql://); an empty one is unset", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://bot:s3cret@db.example.test:5432/swapbot" }).databaseUrl).toBe(
      "postgres://bot:s3cret@db.example.test:5432/swapbot",
    );
    expect(loadConfig({ DATABASE_URL: " postgresql://bot@localhost/swapbot " }).databaseUrl).toBe("postgresql://bot@localhost/swapbot");
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
    expect(databaseNote(loadConfig({}))).toBeUndefined();
    expect(databaseNote(loadConfig({ DATABASE_URL: "postgres://bot@db/swapbot" }))).toBeUndefined();
  });

  it("keeps DATABASE_URL over DATABASE_PATH (the Docker image sets DATABASE_PATH) and says so for the log", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://bot:s3cret@db.example.test/swapbot", DATABASE_PATH: "/data/bot.sqlite" });
    expect(config.databaseUrl).toBe("postgres://bot:s3cret@db.example.test/swapbot");
    expect(databaseNote(config)).toEqual({ database: "postgres://bot:****@db.example.test/swapbot", unusedPath: "/data/bot.sqlite" });
  });

  it.each([
    [
      "mysql://bot:s3cret@db.example.test:3306/swapbot",
      'got "mysql://bot:****@db.example.test:3306/swapbot" (the bot stores its data in PostgreSQL, or in SQLite with DATABASE_PATH)',
    ],
    ["db.example.test:5432/swapbot", 'got "db.example.test:5432/swapbot"'],
    [
      "postgres://bot:s3cret@db.example.test:54x2/swapbot",
      'got "postgres://bot:****@db.example.test:54x2/swapbot", which does not parse as a URL (special characters in the password must be percent-encoded: # as %23, ? as %3F, / as %2F, @ as %40, % as %25)',
    ],
  ])("refuses a DATABASE_URL that is not PostgreSQL's, without showing its password: %s", (url, shown) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
      "Invalid DATABASE_URL: must be a PostgreSQL URL such as postgres://user:password@host:5432/database, " + shown,
    );
    expect(() => loadConfig({ DATABASE_URL: url })).not.toThrow(/s3cret/);
  });

  it.each([
    ["EXCHANGE_RATE_LIMIT_PER_MINUTE", "ten"],
    ["EXCHANGE_RATE_LIMIT_PER_MINUTE", "0"],
    ["EXCHANGE_AUTH_SCHEME", "basic"],
    ["EXCHANGE_API_URL", "https://example.test/api/v1"],
    ["TELEGRAM_API_ROOT", "not a url"],
    ["SUPPORT_USER_IDS", "12,@bob"],
    ["TRACKER_INTERVAL_SECONDS", "-5"],
    ["LOG_LEVEL", "loud"],
    ["EXCHANGE_BACKGROUND_SHARE", "1.5"],
    ["WEBHOOK_URL", "ftp://bot.example.test"],
    ["WEBHOOK_PORT", "70000"],
    ["HEALTH_PORT", "nine"],
    ["SHUTDOWN_GRACE_SECONDS", "0"],
    ["LOG_FORMAT", "xml"],
  ])("stops with one line naming %s for %j", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: `));
  });
});
