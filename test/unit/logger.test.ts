import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactor } from "../../src/logger.js";

function capture(): { stream: Writable; text: () => string } {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe("logs", () => {
  const token = "123456789:AAE-secret_token";
  const key = 'k"ey/with spaces&quotes';

  it("cut secrets out of messages, fields and nested errors, in raw, JSON-escaped and URL-encoded forms", () => {
    const out = capture();
    const logger = createLogger({ level: "trace", format: "json", secrets: [token, key], destination: out.stream });
    const inner = new Error(`request to https://api.telegram.org/bot${token}/getMe failed`);
    logger.error(
      {
        err: Object.assign(new Error("Network request failed"), { error: inner }),
        header: `Bearer ${key}`,
        url: `https://x.test/?k=${encodeURIComponent(key)}`,
      },
      `key is ${key}`,
    );
    const text = out.text();
    expect(text).toContain("bot[redacted]/getMe");
    expect(text).not.toContain("AAE-secret_token");
    expect(text).not.toContain(JSON.stringify(key).slice(1, -1));
    expect(text).not.toContain(encodeURIComponent(key));
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it("leave short values alone (an unset or tiny secret would censor ordinary words)", () => {
    expect(redactor([undefined, "abc"])("abc def")).toBe("abc def");
  });
});
