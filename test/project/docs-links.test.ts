import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README is a door to docs/ (issue 33): every relative link in README.md, CONTRIBUTING.md and
 * docs/*.md leads to a file that exists, and every #anchor to a heading of that file.
 */

const ROOT = join(import.meta.dirname, "..", "..");
const PAGES = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The anchors GitHub makes of a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, title] of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = title!
      .toLowerCase()
      .replace(/[`*_]/g, "")
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Fenced code blocks hold no links or headings. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "");
}

/** Every relative link target of a page: `[text](target)` and `![alt](target)`. */
function linksOf(markdown: string): string[] {
  const text = withoutCode(markdown).replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

describe("links in the README, CONTRIBUTING.md and docs/", () => {
  it("finds the pages and their links", () => {
    expect(PAGES).toContain("docs/operations.md");
    expect(linksOf(readFileSync(join(ROOT, "README.md"), "utf8")).length).toBeGreaterThan(10);
  });

  it("lead to files that exist and headings that exist", () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const markdown = readFileSync(join(ROOT, page), "utf8");
      for (const target of linksOf(markdown)) {
        const [path, anchor] = target.split("#") as [string, string | undefined];
        const file = path === "" ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path));
        if (!existsSync(file)) {
          broken.push(`${page}: ${target} (no ${relative(ROOT, file)})`);
          continue;
        }
        if (anchor !== undefined && file.endsWith(".md") && !anchorsOf(readFileSync(file, "utf8")).has(anchor)) {
          broken.push(`${page}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
