import QRCode from "qrcode";

/** About 512 px square: sharp on phones, small enough to send as a photo. */
const QR_WIDTH_PX = 512;

/**
 * PNG bytes of a QR code for `text` (a deposit address or payment URI), with error correction M
 * and a 2-module quiet zone. Rejects when the text is empty or too long to fit in a QR code.
 */
export async function qrPng(text: string): Promise<Buffer> {
  if (text === "") throw new RangeError("qrPng: nothing to encode");
  return QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 2, width: QR_WIDTH_PX });
}
