/** The locale files as Fluent reads them: messages, the variables each uses, parse errors. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentResource } from "@fluent/bundle";
import type { Expression, Pattern, PatternElement } from "@fluent/bundle/esm/ast.js";
import { LOCALES_DIR } from "../../src/bot/i18n.js";

export interface LocaleFile {
  locale: string;
  source: string;
  /** Message id → its value and attributes (".name"). */
  messages: Map<string, { value: Pattern | null; attributes: Record<string, Pattern> }>;
  /** What Fluent's parser skipped or could not read: each is an error. */
  errors: string[];
}

/** Where a line may start at column 0 in our files: a comment, a message, a closing brace or variant, an attribute. */
const LINE_START = /^(?:$|#|-?[a-zA-Z][\w-]* *=|\}|\*?\[|\.[a-zA-Z])/;
const MESSAGE_START = /^(-?[a-zA-Z][\w-]*) *=/gm;

const read = new Map<string, LocaleFile>();

/** The locale's file, parsed (once per test file). */
export function readLocale(locale: string): LocaleFile {
  let file = read.get(locale);
  if (file === undefined) read.set(locale, (file = parseLocale(locale)));
  return file;
}

function parseLocale(locale: string): LocaleFile {
  const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8");
  const resource = new FluentResource(source);
  const messages: LocaleFile["messages"] = new Map();
  const errors: string[] = [];
  for (const entry of resource.body) {
    if (messages.has(entry.id)) errors.push(`${entry.id}: defined twice`);
    messages.set(entry.id, { value: entry.value, attributes: entry.attributes });
  }
  // The parser skips a message it cannot read, silently: every message start must have become a message.
  for (const match of source.matchAll(MESSAGE_START)) {
    if (!messages.has(match[1]!)) errors.push(`${match[1]}: Fluent could not parse it`);
  }
  source.split("\n").forEach((line, i) => {
    if (!/^\s/.test(line) && !LINE_START.test(line)) errors.push(`line ${i + 1} is not Fluent: ${line.slice(0, 60)}`);
  });
  for (const [id, message] of messages) {
    for (const pattern of patternsOf(message)) {
      if (typeof pattern !== "string" && pattern.some((e) => typeof e !== "string" && (e.type === "term" || e.type === "mesg")))
        errors.push(`${id}: references another message or term (not used in this project)`);
    }
  }
  return { locale, source, messages, errors };
}

/** "key" and "key.attribute" for every message and attribute. */
export function paths(file: LocaleFile): string[] {
  return [...file.messages].flatMap(([id, m]) => [
    ...(m.value === null ? [] : [id]),
    ...Object.keys(m.attributes).map((a) => `${id}.${a}`),
  ]);
}

export function patternOf(file: LocaleFile, path: string): Pattern | undefined {
  const [id, attribute] = path.split(".") as [string, string | undefined];
  const message = file.messages.get(id);
  return attribute === undefined ? (message?.value ?? undefined) : message?.attributes[attribute];
}

function patternsOf(message: { value: Pattern | null; attributes: Record<string, Pattern> }): Pattern[] {
  return [...(message.value === null ? [] : [message.value]), ...Object.values(message.attributes)];
}

function walk(pattern: Pattern, visit: (expression: Expression) => void): void {
  if (typeof pattern === "string") return;
  const expression = (e: Expression) => {
    visit(e);
    if (e.type === "select") {
      expression(e.selector);
      for (const variant of e.variants) walk(variant.value, visit);
    } else if (e.type === "func" || e.type === "term") {
      for (const arg of e.args) if (arg.type !== "narg") expression(arg);
    }
  };
  for (const element of pattern as PatternElement[]) if (typeof element !== "string") expression(element);
}

/** The variables a pattern uses, anywhere (selectors and variants included). */
export function variablesOf(pattern: Pattern | undefined): Set<string> {
  const names = new Set<string>();
  if (pattern !== undefined) walk(pattern, (e) => e.type === "var" && names.add(e.name));
  return names;
}

/** The variables a pattern selects on (plurals): they are passed as numbers. */
export function selectorsOf(pattern: Pattern | undefined): Set<string> {
  const names = new Set<string>();
  if (pattern !== undefined) walk(pattern, (e) => e.type === "select" && e.selector.type === "var" && names.add(e.selector.name));
  return names;
}

/** The literal text of a pattern, piece by piece: what a translator wrote, between placeables (variants included). */
export function literalPieces(pattern: Pattern | undefined): string[] {
  if (pattern === undefined) return [];
  if (typeof pattern === "string") return [pattern];
  const pieces: string[] = [];
  for (const element of pattern as PatternElement[]) {
    if (typeof element === "string") pieces.push(element);
    else if (element.type === "select") for (const variant of element.variants) pieces.push(...literalPieces(variant.value));
    else if (element.type === "str") pieces.push(element.value);
  }
  return pieces;
}
