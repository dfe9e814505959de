import { describe, expect, it } from "vitest";
import { shorten } from "../../../src/bot/format.js";

describe("shorten", () => {
  it("keeps text that fits, as it is", () => {
    expect(shorten("bitcoin", 7)).toBe("bitcoin");
    expect(shorten("", 3)).toBe("");
  });

  it("cuts after `max` characters as people count them, and says so with …", () => {
    expect(shorten("bitcoin", 3)).toBe("bit…");
    // A flag is two code points, a thumbs-up with a skin tone two, é as e + combining accent two:
    // each is one character, kept whole.
    expect(shorten("🇺🇦🇺🇦🇺🇦", 2)).toBe("🇺🇦🇺🇦…");
    expect(shorten("👍🏽👍🏽", 1)).toBe("👍🏽…");
    expect(shorten("e\u0301e\u0301e\u0301", 2)).toBe("e\u0301e\u0301…");
  });

  it("never leaves a lone surrogate", () => {
    const text = `${"a".repeat(63)}😀😀`;
    for (let max = 1; max <= 66; max++)
      expect(shorten(text, max)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});
