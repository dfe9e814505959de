import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";

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
      supportUserIds: [],
      trackerIntervalSeconds: 60,
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
    });
    expect(config.telegramApiRoot).toBe("http://127.0.0.1:8081");
    expect(config.exchange).toMatchObject({ apiKey: "k", authScheme: "raw", rateLimitPerMinute: 30, backgroundShare: 0.5 });
    expect(config.supportUserIds).toEqual([1, 22, 333]);
    expect(config.trackerIntervalSeconds).toBe(15);
  });

  it("treats an empty key as unset, so the sandbox is used", () => {
    expect(loadConfig({ EXCHANGE_API_KEY: "  " }).exchange.apiKey).toBeUndefined();
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
  ])("stops with one line naming %s for %j", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: `));
  });
});
