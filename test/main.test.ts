import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
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

describe("npm start", () => {
  it("exits and says what to set when BOT_TOKEN is missing", async () => {
    const { code, stderr } = await start({});
    expect(code).toBe(1);
    expect(stderr).toMatch(/BOT_TOKEN is not set/);
  });

  it("stops with one line naming a variable with a wrong value", async () => {
    const { code, stderr } = await start({ BOT_TOKEN: "1:x", EXCHANGE_RATE_LIMIT_PER_MINUTE: "lots" });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual(['Invalid EXCHANGE_RATE_LIMIT_PER_MINUTE: must be a whole number of at least 1, got "lots"']);
  });
});
