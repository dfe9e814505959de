import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n, LOCALES, LOCALES_DIR } from "../../src/bot/i18n.js";
import { literalPieces, paths, patternOf, readLocale, selectorsOf, variablesOf } from "../harness/fluent.js";
import { expressionEnd } from "../harness/source-scan.js";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

const SRC = join(LOCALES_DIR, "..", "src");
const english = readLocale("en");
const translations = LOCALES.filter((l) => l !== "en");
const i18n = createI18n(() => Promise.resolve(undefined));

/** Simple values for every variable of a message: numbers where a message selects on them. */
function simpleValues(path: string): Record<string, string | number> {
  const pattern = patternOf(english, path);
  const numbers = selectorsOf(pattern);
  for (const locale of LOCALES) {
    if (existsSync(join(LOCALES_DIR, `${locale}.ftl`)))
      for (const name of selectorsOf(patternOf(readLocale(locale), path))) numbers.add(name);
  }
  return Object.fromEntries([...variablesOf(pattern)].map((name) => [name, numbers.has(name) ? 5 : "v"]));
}

/** The tags of a rendered message, in order: "<b>", "</b>", "<a>" (attributes dropped). */
function tagsOf(html: string): string[] {
  return [...html.matchAll(/<(\/?)([a-z-]+)[^>]*>/gi)].map((m) => `<${m[1]}${m[2]!.toLowerCase()}>`);
}

/** Whether every tag is closed, in order. */
function balanced(tags: string[]): boolean {
  const open: string[] = [];
  for (const tag of tags) {
    if (!tag.startsWith("</")) open.push(tag);
    else if (open.pop() !== tag.replace("</", "<")) return false;
  }
  return open.length === 0;
}

/** Every string literal of `source`, with where it starts (template literals without their ${…}). */
function literals(source: string): { at: number; body: string }[] {
  const found: { at: number; body: string }[] = [];
  for (let i = 0; i < source.length; i++) {
    const quote = source[i];
    if (quote !== '"' && quote !== "'" && quote !== "`") continue;
    let j = i + 1;
    let body = "";
    let depth = 0;
    for (; j < source.length; j++) {
      const c = source[j]!;
      if (c === "\\") {
        body += source[++j] ?? "";
        continue;
      }
      if (quote === "`" && c === "$" && source[j + 1] === "{") {
        depth++;
        j++;
        continue;
      }
      if (depth > 0) {
        if (c === "{") depth++;
        else if (c === "}") depth--;
        continue;
      }
      if (c === quote) break;
      body += c;
    }
    found.push({ at: i, body });
    i = j;
  }
  return found;
}

/** Calls and properties whose text a person sees: a string literal in them must come from a .ftl file. */
const SHOWN =
  /\b(?:reply|replyWithPhoto|replyWithDocument|editMessageText|editMessageCaption|sendMessage|sendPhoto|sendDocument|answerCallbackQuery|answerInlineQuery|say|prompt|text|url)\(|\b(?:text|caption|title|description|message_text):\s*/g;
/** Words of a sentence or a label ("Try again", "Refresh"), not data ("open", "slow-down", "HTML"). */
const ENGLISH = /[A-Za-z]{2,}\s+[A-Za-z]{2,}|(?:^|[^A-Za-z])[A-Z][a-z]{2,}/;

/** The English a source file shows people without a translation: literals in what it sends. */
export function hardCodedEnglish(source: string): string[] {
  // By where each literal starts: a literal inside a call and a property is found once.
  const found = new Map<number, string>();
  for (const match of source.matchAll(SHOWN)) {
    const start = match.index + match[0].length;
    let end = start;
    if (match[0].endsWith("(")) {
      // The call's arguments, to its closing parenthesis.
      for (let depth = 1; end < source.length && depth > 0; end++) {
        if (source[end] === "(") depth++;
        else if (source[end] === ")") depth--;
      }
    } else {
      // The property's value, to the next comma or brace at its level.
      end = expressionEnd(source, start);
    }
    const args = source.slice(start, end);
    for (const literal of literals(args)) {
      // A message key: t("key"), ui.t("key"), i18n.t(locale, "key").
      if (/\bt\((?:\s*\w+,)?\s*$/.test(args.slice(0, literal.at))) continue;
      if (ENGLISH.test(literal.body)) found.set(start + literal.at, literal.body);
    }
  }
  return [...found.values()];
}

describe("locales", () => {
  it.each(LOCALES)("%s parses without errors", (locale) => {
    expect(readLocale(locale).errors).toEqual([]);
  });

  it.each(translations)("%s has exactly the messages and attributes English has", (locale) => {
    const mine = new Set(paths(readLocale(locale)));
    const theirs = new Set(paths(english));
    expect(
      [...theirs].filter((k) => !mine.has(k)),
      "missing in this locale",
    ).toEqual([]);
    expect(
      [...mine].filter((k) => !theirs.has(k)),
      "only in this locale",
    ).toEqual([]);
  });

  it.each(translations)("%s uses every variable English uses in each message, and no other", (locale) => {
    const file = readLocale(locale);
    const problems: string[] = [];
    for (const path of paths(english)) {
      const expected = variablesOf(patternOf(english, path));
      const actual = variablesOf(patternOf(file, path));
      for (const name of expected) if (!actual.has(name)) problems.push(`${path}: $${name} is not used`);
      for (const name of actual) if (!expected.has(name)) problems.push(`${path}: $${name} is unknown (the code never passes it)`);
    }
    expect(problems).toEqual([]);
  });

  it.each(LOCALES)("%s: the HTML of every message is balanced and has the tags English has", (locale) => {
    const file = readLocale(locale);
    const problems: string[] = [];
    for (const path of paths(english)) {
      if (patternOf(file, path) === undefined) continue; // reported by the parity test
      const values = simpleValues(path);
      const tags = tagsOf(i18n.t(locale, path, values));
      if (!balanced(tags)) problems.push(`${path}: unbalanced ${tags.join("")}`);
      const want = new Set(tagsOf(i18n.t("en", path, values)));
      const have = new Set(tags);
      if ([...want].some((t) => !have.has(t)) || [...have].some((t) => !want.has(t)))
        problems.push(`${path}: tags ${[...have].join("")}, English has ${[...want].join("")}`);
    }
    expect(problems).toEqual([]);
  });

  it("names each language as it names itself, the same in every locale, without flags", () => {
    const names = Object.fromEntries(LOCALES.map((l) => [l, i18n.t("en", `language-name-${l}`)]));
    expect(names).toEqual({
      en: "English",
      ru: "Русский",
      es: "Español",
      "pt-BR": "Português (Brasil)",
      tr: "Türkçe",
      fa: "فارسی",
      uk: "Українська",
      id: "Bahasa Indonesia",
      vi: "Tiếng Việt",
      "zh-Hans": "简体中文",
    });
    for (const locale of translations) {
      const file = readLocale(locale);
      for (const l of LOCALES) expect(patternOf(file, `language-name-${l}`), `${locale}: language-name-${l}`).toBe(names[l]);
    }
  });

  it("has a file, and a glossary, for every locale, and no file for a locale the bot does not list", () => {
    const files = readdirSync(LOCALES_DIR);
    expect(
      files
        .filter((f) => f.endsWith(".ftl"))
        .map((f) => f.replace(/\.ftl$/, ""))
        .sort(),
    ).toEqual([...LOCALES].sort());
    for (const locale of translations) expect(files, `${locale}.glossary.md`).toContain(`${locale}.glossary.md`);
  });

  it("writes мемо as one gender, neuter, in Russian and Ukrainian (the glossaries' word: indeclinable, «это мемо»)", () => {
    // A masculine or feminine word agreeing with мемо right next to it, or a pronoun for it in the memo sentences.
    const otherGender =
      /мемо\s+(?:\S+\s+)?(?:нужен|нужна|потрібен|потрібна|указан|указана|вказаний|вказана|длинный|довгий)(?![а-яёіїєґ])|(?<![а-яёіїєґ])(?:этот|эта|такой|такая|цей|ця|такий|така)\s+мемо|(?<![а-яёіїєґ])(?:он не нужен|він не потрібен)(?![а-яёіїєґ])/i;
    expect(otherGender.test("Биржам мемо нужен всегда")).toBe(true);
    expect(otherGender.test("кошельку он не нужен")).toBe(true);
    for (const locale of ["ru", "uk"]) {
      const file = readLocale(locale);
      const found = paths(file).filter((path) => literalPieces(patternOf(file, path)).some((piece) => otherGender.test(piece)));
      expect(found, locale).toEqual([]);
    }
  });

  it.each(translations)("%s: the support staff's screens are translated too (no English word of the English message left)", (locale) => {
    /** Names, units and loanwords the glossaries keep, and the log line staff search for ("createTransaction failed"). */
    const KEPT = new Set(["utc", "telegram", "username", "api", "bot", "status", "log", "min", "anti", "phishing", "deposit"]);
    const words = (file: ReturnType<typeof readLocale>, path: string) =>
      new Set(
        (
          literalPieces(patternOf(file, path))
            .join(" ")
            .replace(/<code>[\s\S]*?<\/code>|createTransaction failed|<[^>]*>|\/[a-z]+/g, " ")
            .match(/[A-Za-z]{3,}/g) ?? []
        )
          .map((w) => w.toLowerCase())
          .filter((w) => !KEPT.has(w)),
      );
    const file = readLocale(locale);
    const left: string[] = [];
    for (const path of paths(english).filter((p) => /^(?:support-|command-(?:lookup|user|stats)$)/.test(p))) {
      const theirs = words(english, path);
      const shared = [...words(file, path)].filter((w) => theirs.has(w));
      if (shared.length > 0) left.push(`${path}: ${shared.join(", ")}`);
    }
    expect(left).toEqual([]);
  });

  it("finds no English written into the code where people see it (src/bot, the tracker, alerts)", () => {
    // The check itself finds what it is for.
    expect(hardCodedEnglish(`await ctx.reply("Something went wrong", { parse_mode: "HTML" });`)).toEqual(["Something went wrong"]);
    expect(hardCodedEnglish("keyboard.text(`Refresh ${n}`, data)")).toEqual(["Refresh "]);
    expect(hardCodedEnglish(`ctx.answerCallbackQuery({ text: "Done" })`)).toEqual(["Done"]);
    expect(hardCodedEnglish(`ctx.reply(ctx.t("help-text"), { parse_mode: "HTML" }); keyboard.text("‹", data)`)).toEqual([]);
    const found: string[] = [];
    for (const dir of ["bot", "tracker", "alerts"]) {
      for (const file of sourceFiles(join(SRC, dir))) {
        for (const text of hardCodedEnglish(readFileSync(file, "utf8"))) found.push(`${relative(SRC, file)}: ${text}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("has every key the code asks for by name", () => {
    const missing: string[] = [];
    const known = new Set(paths(english));
    for (const file of sourceFiles(SRC)) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/\bt\(\s*"([a-zA-Z][a-zA-Z0-9-]*)"/g)) {
        if (!known.has(match[1]!)) missing.push(`${relative(SRC, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
