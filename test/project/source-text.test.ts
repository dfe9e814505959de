import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Two house rules on the text of src/: no line over 140 characters (Biome formats code to 140,
 * but leaves strings and comments as they are), and every log message one short sentence: the
 * facts go in the structured fields beside it, where they can be searched and counted.
 */
const SRC = join(import.meta.dirname, "..", "..", "src");
const MAX_LINE = 140;
/** A log message longer than this is not short. */
const MAX_MESSAGE = 90;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|js|css|html|md)$/.test(entry.name) ? [path] : [];
  });
}

const srcPath = (file: string): string => relative(SRC, file).split(sep).join("/");

/** A call of a logger's level (`logger.warn(`, `this.deps.logger.error(`, `ctx.log.info(`), or of a `warn(` helper made of one. */
const LOG_CALL = /(?:\blog|[lL]ogger)\s*\.\s*(?:trace|debug|info|warn|error|fatal)\s*\(|(?<![.\w])warn\(/g;

/**
 * The top-level arguments of the call whose "(" is just before `start`, as source text; strings,
 * templates and nested brackets are skipped whole. Good enough for this code base's own calls.
 */
function argumentsAt(text: string, start: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let from = start;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === "`") {
      i = endOfString(text, i);
      continue;
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) {
        args.push(text.slice(from, i));
        return args.map((arg) => arg.trim()).filter((arg) => arg !== "");
      }
      depth--;
    } else if (c === "," && depth === 0) {
      args.push(text.slice(from, i));
      from = i + 1;
    }
  }
  return args;
}

/** The index of the quote closing the string that opens at `open` (templates: their `${…}` skipped). */
function endOfString(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === quote) return i;
    else if (quote === "`" && c === "$" && text[i + 1] === "{") {
      let depth = 0;
      for (i += 1; i < text.length; i++) {
        if (text[i] === "{") depth++;
        else if (text[i] === "}" && --depth === 0) break;
        else if (text[i] === '"' || text[i] === "'" || text[i] === "`") i = endOfString(text, i);
      }
    }
  }
  return text.length;
}

/** A string literal's text, or literals joined by "+" (a template's placeholders as "…"); undefined for anything else. */
function literal(arg: string): string | undefined {
  const parts: string[] = [];
  let rest = arg.trim();
  while (rest !== "") {
    const quote = rest[0];
    if (quote !== '"' && quote !== "'" && quote !== "`") return undefined;
    const end = endOfString(rest, 0);
    const body = rest.slice(1, end);
    parts.push(quote === "`" ? body.replace(/\$\{[^}]*\}/g, "…") : body);
    rest = rest.slice(end + 1).trim();
    if (rest.startsWith("+")) rest = rest.slice(1).trim();
    else if (rest !== "") return undefined;
  }
  return parts.length > 0 ? parts.join("") : undefined;
}

/** Why `message` is not one short sentence, if it is not. */
function notOneShortSentence(message: string): string | undefined {
  if (message.length > MAX_MESSAGE) return `over ${MAX_MESSAGE} characters`;
  if (/[:;] /.test(message)) return "a clause after a colon or a semicolon";
  if (/[.!?] \S/.test(message)) return "more than one sentence";
  if (/ [—–] /.test(message)) return "a clause after a dash";
  return undefined;
}

describe("the text of src/", () => {
  const sources = files(SRC).map((file) => ({ path: srcPath(file), text: readFileSync(file, "utf8") }));

  it("has no line over 140 characters", () => {
    const long = sources.flatMap(({ path, text }) =>
      text.split("\n").flatMap((line, index) => ([...line].length > MAX_LINE ? [`${path}:${index + 1}`] : [])),
    );
    expect(long).toEqual([]);
  });

  it("finds the log messages it checks", () => {
    const messages = sources.flatMap(({ text }) =>
      [...text.matchAll(LOG_CALL)].map((call) => argumentsAt(text, call.index + call[0].length)),
    );
    expect(messages.length).toBeGreaterThan(100);
    expect(argumentsAt('({ a: "x, y" }, `z ${f(1, 2)}`)', 1)).toEqual(['{ a: "x, y" }', "`z ${f(1, 2)}`"]);
    expect(literal('"one, " +\n  `two ${n}`')).toBe("one, two …");
    expect(literal("message")).toBeUndefined();
  });

  it("logs each message as one short sentence, the facts in the fields beside it", () => {
    const found: string[] = [];
    for (const { path, text } of sources) {
      for (const call of text.matchAll(LOG_CALL)) {
        const args = argumentsAt(text, call.index + call[0].length);
        const message = literal(args.at(-1) ?? "");
        const why = message === undefined ? undefined : notOneShortSentence(message);
        if (why !== undefined) found.push(`${path}:${text.slice(0, call.index).split("\n").length}: ${why}: "${message}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
