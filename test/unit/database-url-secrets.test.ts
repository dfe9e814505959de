import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ConfigError, databaseNote, loadConfig } from "../../src/config.js";
import { maskPassword, postgresTarget, urlSecrets } from "../../src/db/postgres/index.js";
import { createLogger } from "../../src/logger.js";
import { freePort, spawnBot } from "../harness/process.js";

/**
 * DATABASE_URL's password is never printed, whatever characters it holds: an operator pastes
 * it as the database gave it, "#", "?", "@", "/" and "%" left unencoded, which URL parsing then
 * reads as a fragment, a query, a path or a bad escape. Each password below is long enough for
 * the logger to cut it (shorter ones would censor ordinary words) and its two halves are
 * looked for separately: a mask that stopped at the stray character would leave one of them.
 */
const PASSWORDS = [
  "Kq7fire#Lm2stone",
  "Kq7fire?Lm2stone",
  "Kq7fire@Lm2stone",
  "Kq7fire/Lm2stone",
  "Kq7fire%Lm2stone",
  "Kq7fire%23Lm2stone",
  "1?Kq7fire@Lm2stone",
];
const HALVES = ["Kq7fire", "Lm2stone"];

const urlWith = (password: string, host = "db.example.test:5432") => `postgres://swapbot:${password}@${host}/swapbot`;
const leaks = (text: string) => HALVES.filter((half) => text.includes(half));

describe.each(PASSWORDS)("a DATABASE_URL whose password is %s", (password) => {
  const url = urlWith(password);

  it("is masked whole, and refused with a hint when pg would read it otherwise than written", () => {
    expect(maskPassword(url)).toBe("postgres://swapbot:****@db.example.test:5432/swapbot");
    expect(urlSecrets(url)[0]).toBe(password);
    let config;
    try {
      config = loadConfig({ DATABASE_URL: url, DATABASE_PATH: "/data/bot.sqlite" });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect(leaks((error as Error).message)).toEqual([]);
      expect((error as Error).message).toContain("percent-encoded");
      return;
    }
    // Accepted ("@" and "%" read as meant): the note for the log masks it, and pg's target knows it as a secret.
    expect(leaks(JSON.stringify(databaseNote(config)))).toEqual([]);
    expect(postgresTarget(url).secrets).toContain(password);
  });

  it("is cut out of log lines that quote it, as written or decoded", () => {
    let text = "";
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const logger = createLogger({ level: "info", format: "json", secrets: urlSecrets(url), destination });
    const decoded = urlSecrets(url).at(-1)!;
    logger.error({ err: new Error(`connection to ${url} failed for password "${decoded}"`) }, `could not use ${url}`);
    expect(text).toContain("[redacted]");
    expect(leaks(text)).toEqual([]);
  });
});

describe("the bot started with such a DATABASE_URL", () => {
  it.each(PASSWORDS)("prints no part of the password %s, whether the URL is refused or the server cannot be reached", async (password) => {
    // Nothing listens there: the URL either fails the configuration or the connection.
    const url = urlWith(password, `127.0.0.1:${await freePort()}`);
    const bot = spawnBot({
      BOT_TOKEN: "123456:a-token-for-this-test",
      DATABASE_URL: url,
      DATABASE_PATH: "/tmp/unused.sqlite",
      LOG_FORMAT: "json",
      LOG_LEVEL: "debug",
    });
    const exit = await bot.exited;
    expect(exit.code).toBe(1);
    expect(bot.output()).toMatch(/DATABASE_URL|PostgreSQL/);
    expect(leaks(bot.output())).toEqual([]);
  });
});
