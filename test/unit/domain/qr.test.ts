import { describe, expect, it } from "vitest";
import { qrPng } from "../../../src/domain/qr.js";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which always directly follows the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("qrPng", () => {
  it("returns PNG bytes for an address", async () => {
    const png = await qrPng("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    expect(Buffer.isBuffer(png)).toBe(true);
    expect(png.length).toBeGreaterThan(0);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it("renders a square image about 512 px wide", async () => {
    const { width, height } = pngSize(await qrPng("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"));
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(480);
    expect(width).toBeLessThanOrEqual(544);
  });

  it("copes with a long Lightning invoice", async () => {
    const png = await qrPng(`lnbc1${"q".repeat(600)}`);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it("refuses empty text and text too long for any QR code", async () => {
    await expect(qrPng("")).rejects.toThrow();
    await expect(qrPng("x".repeat(5000))).rejects.toThrow();
  });
});
