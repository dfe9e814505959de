import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Which way imports may run in src/. A room is a folder of src/ or a file at its root; a room
 * may import from the rooms (or single files, "room/file.ts") in its row and from nothing else.
 * Bottom to top:
 */
const LAYERS: Record<string, readonly string[]> = {
  // Foundations: nothing of ours below them.
  "clock.ts": [],
  "money.ts": [],
  "logger.ts": [],
  "listen.ts": [],
  "config-error.ts": [],
  // The process's parts, started in order and stopped last first (app.ts lists them).
  "parts.ts": [],
  // DATABASE_URL is checked by the data layer's own pure URL rules (no pg in that file).
  // (and the slowness settings' shape and parser, which the tracker's rules read).
  "config.ts": ["config-error.ts", "db/postgres/url.ts", "domain/slowness.ts"],
  // The exchange service's data shapes (zod), below both the pure rules that read them and the client that parses with them.
  service: ["money.ts"],
  // Pure rules on amounts, addresses and currencies; the service's data shapes are what they read.
  domain: ["money.ts", "service"],
  // Storage, below everything that keeps something.
  // A database the bot cannot use is a configuration error (DatabaseConfigError extends ConfigError).
  db: ["clock.ts", "money.ts", "domain", "config-error.ts"],
  // The exchange's client, budget, catalogue (kept through db's repositories), estimates, sandbox.
  exchange: ["clock.ts", "money.ts", "service", "db"],
  // Telegram's transport (the feed of updates, the outbox): it knows no bot.
  telegram: ["clock.ts", "listen.ts"],
  // The chat: its key, its lease (a row and its fencing token) as one holder takes it, the lease
  // held while work runs under it, the fence on what that work sends, and the chat's turns. Built
  // on the data layer's statements and fence, and on the outbox (which speaks chat ids, never keys).
  chat: ["db", "telegram"],
  // Metrics and /healthz: they read the layers below, which report to them through callbacks.
  ops: ["clock.ts", "listen.ts", "exchange", "telegram"],
  // The conversations (a flow is stored under its chat; the chats' turns pace its calls).
  bot: ["clock.ts", "money.ts", "domain", "db", "exchange", "telegram", "chat", "ops"],
  // Background work that tells people things in the bot's words (cards, i18n): built on the bot,
  // which only gets callbacks into them (see app.ts).
  tracker: ["clock.ts", "money.ts", "domain", "db", "exchange", "bot"],
  alerts: ["clock.ts", "money.ts", "domain", "db", "exchange", "bot"],
  // The processes running on the database (their count is given to whoever shares limits).
  cluster: ["db"],
  // How this process runs among the others on its database: leadership, the registry, signals,
  // the chats' leases and turns bound to this process (the chat's), and the duties only the leader
  // runs (given to it as parts with a start and a stop).
  // (Of the exchange, only the type of the budget's journal, which the fleet keeps.)
  fleet: ["clock.ts", "db", "cluster", "telegram", "chat", "exchange"],
  // The updates stored before Telegram is acknowledged, handled a chat at a time under the chat's
  // leases as the fleet binds them (the bot's handler is given to it).
  inbox: ["db", "telegram", "chat"],
  // The background duties in one list (the leader's, a follower's), made of the parts app.ts builds.
  duties: ["clock.ts", "db", "exchange", "telegram", "bot", "tracker", "alerts", "fleet"],
  // Builds the process from all of the above.
  "app.ts": [
    "clock.ts",
    "parts.ts",
    "money.ts",
    "logger.ts",
    "config.ts",
    "chat",
    "fleet",
    "inbox",
    "duties",
    "domain",
    "db",
    "exchange",
    "telegram",
    "ops",
    "bot",
    "tracker",
    "alerts",
  ],
  // The Bot API emulator stands in for Telegram: it knows nothing of the bot.
  emulator: ["listen.ts"],
  // The playground runs the whole app against the emulator and the sandbox.
  playground: ["clock.ts", "listen.ts", "config.ts", "app.ts", "exchange", "emulator"],
  // Operator commands of the compiled CLI (db:copy): they work on the data layer, not the bot.
  cli: ["config.ts", "logger.ts", "db"],
  // DATABASE_URL's password goes to the logger's secrets (the URL rules, no pg).
  "main.ts": ["config.ts", "logger.ts", "app.ts", "telegram", "playground", "cli", "db/postgres/url.ts"],
};

/**
 * Imports against the layering that are known and being removed (the data layer's move to
 * Kysely takes them out). Delete each line once its import is gone: the test says so.
 */
const KNOWN_VIOLATIONS: readonly string[] = [];

/**
 * Rooms with a door: an index.ts that says what the room offers. A file outside the room imports
 * the room through its door and nothing past it (tests may reach further in; this is for src/).
 * Left out for now: db, telegram and ops (rooms above them still reach past their index.ts),
 * and the emulator (the playground reads its loopback rules).
 */
const DOORS: readonly string[] = ["alerts", "bot", "chat", "cluster", "duties", "exchange", "fleet", "inbox", "playground", "tracker"];

/** Imports past a door that stay, each for its reason: a room (every file of it) and the file it reads. */
const PAST_DOORS: readonly { from: string; to: string }[] = [];

/** Import circles known and being removed, each as the sorted files it runs through. */
const KNOWN_CYCLES: readonly string[] = [];

const SRC = join(import.meta.dirname, "..", "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** `import … from "…"`, `export … from "…"`, `import "…"` at the start of a line, and `import("…")`. */
const IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

/** Each file of src/ (relative, with "/") and the files of src/ it imports (types included). */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? "";
      if (!specifier.startsWith(".")) continue;
      targets.add(srcPath(join(dirname(file), specifier).replace(/\.js$/, ".ts")));
    }
    graph.set(srcPath(file), targets);
  }
  return graph;
}

const srcPath = (file: string): string => relative(SRC, file).split(sep).join("/");
const roomOf = (file: string): string => file.split("/")[0]!;

function violations(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const may = LAYERS[roomOf(file)] ?? [];
    for (const target of targets) {
      const room = roomOf(target);
      if (room === roomOf(file) || may.includes(room) || may.includes(target)) continue;
      found.push(`${file} -> ${target}`);
    }
  }
  return found.sort();
}

/** Imports from outside a room with a door that go past it (`file -> target`), but for PAST_DOORS. */
function pastDoors(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const room = roomOf(target);
      if (!DOORS.includes(room) || room === roomOf(file) || target === `${room}/index.ts`) continue;
      if (PAST_DOORS.some((past) => past.from === roomOf(file) && past.to === target)) continue;
      found.push(`${file} -> ${target}`);
    }
  }
  return found.sort();
}

/** One circle through each strongly connected group of files (Tarjan), as a path back to its start. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.has(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups.map((group) => circleThrough(graph, new Set(group)));
}

/** A path from the group's first file (sorted) back to itself, staying inside the group. */
function circleThrough(graph: Map<string, Set<string>>, group: Set<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start];
}

describe("imports in src/", () => {
  const graph = importGraph();

  it("finds the imports it reads (the regex reads multi-line and type imports)", () => {
    expect(graph.get("app.ts")).toContain("bot/index.ts");
    expect(graph.get("bot/index.ts")).toContain("ops/metrics.ts");
    expect(graph.size).toBeGreaterThan(50);
  });

  it("places every room of src/ in the layering", () => {
    const rooms = new Set([...graph.keys()].map(roomOf));
    expect([...rooms].filter((room) => !(room in LAYERS)).sort()).toEqual([]);
  });

  it("run only downwards, as the layering says", () => {
    const found = violations(graph);
    expect(found.filter((v) => !KNOWN_VIOLATIONS.includes(v))).toEqual([]);
    // An allowed violation that is gone is taken off the list.
    expect(KNOWN_VIOLATIONS.filter((v) => !found.includes(v))).toEqual([]);
  });

  it("enter a room with a door through its index.ts", () => {
    expect(DOORS.filter((room) => !graph.has(`${room}/index.ts`))).toEqual([]);
    expect(pastDoors(graph)).toEqual([]);
    // An exception whose import is gone is taken off the list.
    const standing = ({ from, to }: { from: string; to: string }) =>
      [...graph].some(([file, targets]) => roomOf(file) === from && targets.has(to));
    expect(PAST_DOORS.filter((past) => !standing(past))).toEqual([]);
  });

  it("never run in a circle", () => {
    const found = cycles(graph);
    const key = (circle: string[]): string => [...new Set(circle)].sort().join(", ");
    expect(found.filter((circle) => !KNOWN_CYCLES.includes(key(circle))).map((circle) => circle.join(" -> "))).toEqual([]);
    expect(KNOWN_CYCLES.filter((known) => !found.some((circle) => key(circle) === known))).toEqual([]);
  });
});
