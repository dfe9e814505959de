import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { waitFor } from "../../src/emulator/index.js";

export const ROOT = resolve(import.meta.dirname, "../..");
/** Node's flags that run a TypeScript file (tsx's loader). */
export const TSX = ["--import", pathToFileURL(join(ROOT, "node_modules/tsx/dist/loader.mjs")).href];

/** A bot process of its own: what it printed, and its end. */
export interface BotProcess {
  child: ChildProcess;
  /** stdout and stderr, line by line, as printed. */
  lines: string[];
  /** stderr alone (where Node writes an abort or a crash). */
  errorLines: string[];
  output(): string;
  /** Resolves with the first line matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills it if still running (afterEach). */
  kill(): void;
}

/**
 * Runs `src/main.ts` (through tsx's loader, as a direct child so signals reach the bot
 * itself) or any other command, with exactly `env` plus PATH, in `cwd` (an empty folder, so
 * no `.env` is read).
 */
export function spawnBot(env: Record<string, string>, options: { command?: string; args?: string[]; cwd?: string } = {}): BotProcess {
  const command = options.command ?? process.execPath;
  const args = options.args ?? [...TSX, join(ROOT, "src/main.ts")];
  const child = spawn(command, args, {
    cwd: options.cwd ?? mkdtempSync(join(tmpdir(), "swapbot-proc-")),
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const errorLines: string[] = [];
  const collect = (stream: NodeJS.ReadableStream, also?: string[]) => {
    let rest = "";
    const add = (parts: string[]) => {
      lines.push(...parts);
      also?.push(...parts);
    };
    stream.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split("\n");
      rest = parts.pop() ?? "";
      add(parts);
    });
    stream.on("end", () => {
      if (rest) add([rest]);
    });
  };
  collect(child.stdout!);
  collect(child.stderr!, errorLines);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("close", (code, signal) => done({ code, signal })),
  );
  return {
    child,
    lines,
    errorLines,
    output: () => lines.join("\n"),
    async waitForLine(pattern, timeoutMs = 20_000) {
      await waitFor(() => lines.some((line) => pattern.test(line)) || child.exitCode !== null, timeoutMs, `a line matching ${pattern}`);
      const line = lines.find((l) => pattern.test(l));
      if (line === undefined)
        throw new Error(`the process ended (exit ${child.exitCode}) without printing ${pattern}:\n${lines.join("\n")}`);
      return line;
    },
    exited,
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

/** The `msg` of each JSON log line (other lines as they are). */
export function messagesOf(lines: readonly string[]): string[] {
  return lines.map((line) => {
    try {
      const parsed = JSON.parse(line) as { msg?: string };
      return parsed.msg ?? line;
    } catch {
      return line;
    }
  });
}

/** A port nothing listens on (taken and released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
