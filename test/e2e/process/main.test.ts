import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../../src/db/migrations.js";
import { waitFor } from "../../../src/emulator/index.js";
import { type BotProcess, freePort, messagesOf, spawnBot } from "../../harness/process.js";

const ROOT = resolve(import.meta.dirname, "..", "..", "..");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm start`'s command in an empty folder (no .env) with exactly `env`. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const cwd = mkdtempSync(join(tmpdir(), "swapbot-main-"));
  dirs.push(cwd);
  return new Promise((done) => {
    const child = spawn(join(ROOT, "node_modules/.bin/tsx"), [join(ROOT, "src/main.ts")], {
      cwd,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => done({ code, stderr }));
  });
}

const running: BotProcess[] = [];
afterEach(() => {
  for (const bot of running.splice(0)) bot.kill();
});

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe("npm start", () => {
  it("starts the playground when BOT_TOKEN is missing: the URL printed, the bot answering there, a temporary database gone at stop", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "swapbot-main-"));
    dirs.push(cwd);
    const tmp = mkdtempSync(join(tmpdir(), "swapbot-tmp-"));
    dirs.push(tmp);
    const bot = spawnBot({ PLAYGROUND_PORT: "0", LOG_FORMAT: "json", TMPDIR: tmp }, { cwd });
    running.push(bot);
    const line = await bot.waitForLine(/Open http:\/\/127\.0\.0\.1:\d+\/ in a browser/);
    expect(bot.output()).toMatch(/BOT_TOKEN is not set, so this is the PLAYGROUND/);
    const url = (/http:\/\/127\.0\.0\.1:\d+\//.exec(line) as RegExpExecArray)[0];

    expect(await (await fetch(url)).text()).toContain("<title>Swap bot playground</title>");
    expect(((await (await fetch(`${url}api/setup`)).json()) as { bot: { username: string } }).bot.username).toBe("swap_playground_bot");
    expect((await postJson(`${url}api/chats/alice/send`, { text: "/start" })).status).toBe(200);
    await waitFor(
      async () => {
        const chat = (await (await fetch(`${url}api/chats/alice`)).json()) as { messages: { fromBot: boolean; html: string }[] };
        return chat.messages.some(
          (message) => message.fromBot && message.html.includes("Welcome, Alice!") && message.html.includes("Sandbox"),
        );
      },
      10_000,
      "the welcome in the playground",
    );
    // The database is a temporary file, not ./data of the folder it was started in.
    expect(readdirSync(tmp).filter((name) => name.startsWith("swapbot-playground-"))).toHaveLength(1);
    expect(existsSync(join(cwd, "data"))).toBe(false);

    bot.child.kill("SIGTERM");
    expect((await bot.exited).code).toBe(0);
    expect(readdirSync(tmp).filter((name) => name.startsWith("swapbot-playground-"))).toEqual([]);
  }, 30_000);

  it("says which variable to change when the playground's port is taken", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = taken.address() as { port: number };
      const bot = spawnBot({ PLAYGROUND_PORT: String(port), LOG_FORMAT: "json" });
      running.push(bot);
      expect((await bot.exited).code).toBe(1);
      expect(bot.output()).toContain(
        `Port ${port} on 127.0.0.1 is taken, so the playground cannot open its page: set PLAYGROUND_PORT to a free port.`,
      );
    } finally {
      taken.close();
    }
  }, 30_000);

  it("never starts the playground when BOT_TOKEN is set", async () => {
    const port = await freePort();
    // Telegram out of reach: the bot keeps trying, and meanwhile nothing listens on the playground's port.
    const bot = spawnBot({
      BOT_TOKEN: "1:x",
      TELEGRAM_API_ROOT: `http://127.0.0.1:${await freePort()}`,
      PLAYGROUND_PORT: String(port),
      LOG_FORMAT: "json",
    });
    running.push(bot);
    await bot.waitForLine(/Telegram cannot be reached/, 15_000);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    expect(bot.output()).not.toMatch(/PLAYGROUND/);
  }, 30_000);

  it("stops with one line when the database was written by a newer bot", async () => {
    const dir = mkdtempSync(join(tmpdir(), "swapbot-main-"));
    dirs.push(dir);
    const path = join(dir, "bot.sqlite");
    const file = new Database(path);
    file.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    file.close();
    const bot = spawnBot({
      BOT_TOKEN: "1:x",
      TELEGRAM_API_ROOT: `http://127.0.0.1:${await freePort()}`,
      DATABASE_PATH: path,
      LOG_FORMAT: "json",
    });
    running.push(bot);
    expect((await bot.exited).code).toBe(1);
    expect(messagesOf(bot.lines.filter(Boolean))).toEqual([
      `The bot could not start: the database was written by a newer version of the bot (schema ${MIGRATIONS.length + 1}; this one knows ${MIGRATIONS.length}): upgrade the bot`,
    ]);
  });

  it("stops with one line naming a variable with a wrong value", async () => {
    const { code, stderr } = await start({ BOT_TOKEN: "1:x", EXCHANGE_RATE_LIMIT_PER_MINUTE: "lots" });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual(['Invalid EXCHANGE_RATE_LIMIT_PER_MINUTE: must be a whole number of at least 1, got "lots"']);
  });
});
