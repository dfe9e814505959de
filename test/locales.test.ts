import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES, LOCALES_DIR } from "../src/bot/i18n.js";

/** Message ids of a Fluent file: lines that start a message (`key =`). */
function keysOf(locale: string): Set<string> {
  const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8");
  return new Set([...source.matchAll(/^([a-z][a-z0-9-]*)\s*=/gm)].map((m) => m[1]!));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

describe("locales", () => {
  const english = keysOf("en");

  it.each(LOCALES.filter((l) => l !== "en"))("%s has exactly the keys English has", (locale) => {
    const keys = keysOf(locale);
    expect([...english].filter((k) => !keys.has(k)), "missing in this locale").toEqual([]);
    expect([...keys].filter((k) => !english.has(k)), "only in this locale").toEqual([]);
  });

  it("has every key the code asks for by name", () => {
    const root = join(LOCALES_DIR, "..", "src");
    const missing: string[] = [];
    for (const file of sourceFiles(root)) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/\bt\(\s*"([a-z][a-z0-9-]*)"/g)) {
        if (!english.has(match[1]!)) missing.push(`${relative(root, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
