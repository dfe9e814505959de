/**
 * Counts: a number followed by what it counts ("30 days", "5 alerts", "24 characters") takes the
 * form the language's plural rules give it (Fluent's, Intl.PluralRules). Each such message selects
 * on its count with a variant for every plural category of the language, so no number ever falls
 * back to another category's form: "21 день", "22 дня", "25 дней" in Russian. Nothing is written
 * by hand for the constant it happens to be today (the alerts last 30 days, 5 per person, 30
 * addresses): the form follows the number.
 */
import { FluentBundle, FluentResource } from "@fluent/bundle";
import type { Expression, Pattern, PatternElement, SelectExpression } from "@fluent/bundle/esm/ast.js";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/bot/i18n.js";
import { paths, patternOf, readLocale, selectorsOf, variablesOf } from "../harness/fluent.js";

/** Each message that counts something, and the variable that holds the count (the code passes it as a number). */
const COUNTS: Readonly<Record<string, string>> = {
  "error-queue-full": "count",
  "rate-queue-full": "count",
  "refresh-queue-full": "count",
  "support-lookup-queue-full": "count",
  "export-caption": "count",
  "support-user-title": "count",
  "addresses-full": "max",
  "addresses-ask-label": "max",
  "addresses-ask-rename": "max",
  "addresses-label-invalid": "max",
  "phrase-invalid": "max",
  "alert-too-many": "max",
  "alert-created": "days",
  "alert-expired": "days",
  "amount-too-many-decimals": "decimals",
};

/** CLDR's plural categories other than `other` (every select has an `other`, or a default). */
const CATEGORIES = new Set(["zero", "one", "two", "few", "many"]);

/** Every select expression of a pattern, at any depth. */
function selectsOf(pattern: Pattern | undefined): SelectExpression[] {
  const found: SelectExpression[] = [];
  const visit = (expression: Expression) => {
    if (expression.type !== "select") return;
    found.push(expression);
    for (const variant of expression.variants) for (const inner of elements(variant.value)) visit(inner);
  };
  for (const element of elements(pattern)) visit(element);
  return found;
}

function elements(pattern: Pattern | undefined): Expression[] {
  return pattern === undefined || typeof pattern === "string"
    ? []
    : (pattern as PatternElement[]).filter((e): e is Expression => typeof e !== "string");
}

const keyOf = (key: SelectExpression["variants"][number]["key"]): string => (key.type === "str" ? key.value : String(key.value));

/** A number the language puts in `category`: whole numbers first, then a million, then a fraction (Russian's `other`). */
function sampleOf(locale: string, category: string, taken: ReadonlySet<string>): number {
  const rules = new Intl.PluralRules(locale);
  const candidates = [...Array.from({ length: 200 }, (_, i) => i), 1_000_000, 1.5, 0.5, 2.5];
  const n = candidates.find((c) => rules.select(c) === category && !taken.has(String(c)));
  if (n === undefined) throw new Error(`${locale}: no sample number for ${category}`);
  return n;
}

describe("counts in every language", () => {
  it("lists every message that selects a plural form, in any language", () => {
    const found = new Map<string, string>();
    for (const locale of LOCALES) {
      const file = readLocale(locale);
      for (const path of paths(file)) {
        for (const select of selectsOf(patternOf(file, path))) {
          if (select.selector.type !== "var") continue;
          // A select on a count: one of its variants is a plural category ("[one]", "[few]").
          if (select.variants.some((v) => CATEGORIES.has(keyOf(v.key)))) found.set(path, select.selector.name);
        }
      }
    }
    for (const [path, name] of found) expect(COUNTS[path], `${path} selects a plural form of $${name}: list it in COUNTS`).toBe(name);
    for (const [path, name] of Object.entries(COUNTS)) expect(variablesOf(patternOf(readLocale("en"), path)), path).toContain(name);
  });

  it.each(LOCALES)(
    "%s: each count has a variant for every plural category of the language, and renders each without a fallback",
    (locale) => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
      const file = readLocale(locale);
      const bundle = new FluentBundle(locale, { useIsolating: false });
      expect(bundle.addResource(new FluentResource(file.source))).toEqual([]);
      const problems: string[] = [];
      for (const [path, name] of Object.entries(COUNTS)) {
        const pattern = patternOf(file, path);
        const selects = selectsOf(pattern).filter((s) => s.selector.type === "var" && s.selector.name === name);
        // A language with one form for every number (Chinese, Indonesian, Vietnamese) needs no select.
        if (categories.length === 1) continue;
        if (selects.length === 0) {
          problems.push(`${path}: $${name} is not selected on`);
          continue;
        }
        for (const select of selects) {
          const keys = new Set(select.variants.map((v) => keyOf(v.key)));
          for (const category of categories) {
            if (!keys.has(category)) {
              problems.push(`${path}: no [${category}] for $${name} (variants: ${[...keys].join(", ")})`);
              continue;
            }
            // Rendered with a number of that category (not one an exact-number variant such as [0] takes):
            // it is that category's variant that is shown.
            const n = sampleOf(locale, category, keys);
            const values: Record<string, string | number> = Object.fromEntries(
              [...variablesOf(pattern)].map((v) => [v, selectorsOf(pattern).has(v) ? 5 : `«${v}»`]),
            );
            values[name] = n;
            const errors: Error[] = [];
            const message = bundle.getMessage(path.split(".")[0]!);
            const text = bundle.formatPattern(message!.value!, values, errors);
            if (errors.length > 0) problems.push(`${path} with ${n}: ${errors.map((e) => e.message).join("; ")}`);
            const variant = select.variants.find((v) => keyOf(v.key) === category)!;
            const wanted = variantText(bundle, variant.value, values);
            if (!text.includes(wanted)) problems.push(`${path} with ${n} (${category}): "${text}" does not show [${category}] "${wanted}"`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

/** A variant's own text, rendered with the same values. */
function variantText(bundle: FluentBundle, value: Pattern, values: Record<string, string | number>): string {
  return bundle.formatPattern(value, values, []);
}
