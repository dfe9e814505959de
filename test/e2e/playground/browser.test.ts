/**
 * The playground in a real browser: headless Chromium (the @sparticuz/chromium package) driven by
 * playwright-core, against the playground exactly as `npm start` without BOT_TOKEN builds it.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { type Playground, startPlayground } from "../../../src/playground/index.js";
import { botMessage, launchBrowser, openPage, screenshot, typeAndSend } from "../../harness/browser.js";
import { captureLogs } from "../../harness/drive.js";

let browser: Browser;
let playground: Playground | undefined;
let page: Page | undefined;
let pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
}, 30_000);

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await page?.close();
  page = undefined;
  await playground?.stop();
  playground = undefined;
  expect(pageErrors).toEqual([]);
});

/** A fresh playground (its own temporary database) and the page open on `chat`. */
async function open(chat: string): Promise<Page> {
  const { logger } = captureLogs();
  playground = await startPlayground({ config: loadConfig({ PLAYGROUND_PORT: "0" }), logger });
  ({ page, errors: pageErrors } = await openPage(browser, `${playground.url}#${chat}`));
  return page;
}

/** The page's Clipboard API (the tests are typed without the DOM's types). */
interface PageClipboard {
  readText(): Promise<string>;
  writeText(text: string): Promise<void>;
}

/** What the page's clipboard holds (clipboard-read must be granted). */
function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => (navigator as unknown as { clipboard: PageClipboard }).clipboard.readText());
}

describe("playground in a browser", () => {
  it("runs a whole exchange from /start to the finished message by typing and pressing buttons", async () => {
    const page = await open("alice");
    await typeAndSend(page, "/start");
    const welcome = await botMessage(page, "Welcome, Alice!");
    // Formatting as Telegram shows it: the bold entity is bold.
    expect(await welcome.locator("b").first().textContent()).toBe("Welcome, Alice!");

    await welcome.getByRole("button", { name: /Exchange/ }).click();
    const send = await botMessage(page, "What do you want to send?");
    await send.getByRole("button", { name: "BTC", exact: true }).click();
    const receive = await botMessage(page, "What do you want to receive?");
    await receive.getByRole("button", { name: "ETH", exact: true }).click();
    await botMessage(page, "How much BTC");
    await typeAndSend(page, "0.1");
    const offers = await botMessage(page, "0.1 BTC → ETH");
    await offers
      .getByRole("button", { name: / · [\d.,]+ ETH$/ })
      .first()
      .click();
    await botMessage(page, /address/i);
    await typeAndSend(page, "0x52908400098527886E0F7030069857D2E4169EE7");
    const summary = await botMessage(page, "Please check everything");
    // Telegram's button styles: Confirm green, Cancel red, Change plain.
    const confirm = summary.getByRole("button", { name: /^✅/ });
    expect(await confirm.getAttribute("class")).toBe("callback style-success");
    expect(await summary.getByRole("button", { name: /Cancel/ }).getAttribute("class")).toBe("callback style-danger");
    expect(await summary.getByRole("button", { name: /Change/ }).getAttribute("class")).toBe("callback");
    expect(
      await confirm.evaluate(
        (element) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(element)
            .backgroundColor,
      ),
    ).toBe("rgb(49, 162, 76)");
    await confirm.click();

    // The deposit: the card with the address and copy buttons, and the QR code as a photo.
    const card = await botMessage(page, "Send exactly");
    const cardId = await card.getAttribute("data-message-id");
    const qr = page.locator(".message.in img").last();
    await qr.waitFor();
    // Loaded and decoded: the bytes the bot uploaded are a real image.
    await page.waitForFunction(
      (image) => {
        const img = image as unknown as { complete: boolean; naturalWidth: number };
        return img.complete && img.naturalWidth > 0;
      },
      await qr.elementHandle(),
    );
    await screenshot(page, "1-deposit");

    // A copy button copies in the page, as Telegram's apps do, with their toast; the bot hears nothing.
    const address = (await card.locator(".text code").nth(2).textContent())!;
    expect(address).toMatch(/^bc1/);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const copyAddress = card.getByRole("button", { name: "📋 Deposit address" });
    expect(await copyAddress.getAttribute("class")).toBe("copy");
    await copyAddress.click();
    await page.locator("#toast:not([hidden])", { hasText: "Copied to clipboard" }).waitFor();
    expect(await readClipboard(page)).toBe(address);
    // The summary's styled Confirm and the card's copy buttons, with the toast (docs/playground.png).
    await summary.evaluate((element) =>
      (element as unknown as { scrollIntoView(options: unknown): void }).scrollIntoView({ block: "start" }),
    );
    await screenshot(page, "1-copied");
    await card.getByRole("button", { name: "📋 Exact amount" }).click();
    expect(await readClipboard(page)).toBe("0.1");
    // Where the Clipboard API is refused, the page copies the older way.
    await page.evaluate(() => {
      (navigator as unknown as { clipboard: PageClipboard }).clipboard.writeText = () => Promise.reject(new Error("denied"));
    });
    await copyAddress.click();
    await page.locator("#toast:not([hidden])", { hasText: "Copied to clipboard" }).waitFor();
    expect(await readClipboard(page)).toBe(address);

    // The sandbox: the clock at 300×, the deposit arrives, and the tracker's messages follow.
    // Nothing moves by itself (a playground exchange waits a day for its deposit, 5 min at 300×):
    // the button does it.
    const exchange = page.locator(".exchange").first();
    await exchange.getByText("waiting").waitFor();
    await page.locator("#speeds").getByRole("button", { name: "300×" }).click();
    await exchange.getByRole("button", { name: "Deposit arrived" }).click();
    await botMessage(page, "Confirming your deposit");
    await botMessage(page, "✅ Finished");
    await exchange.getByText("finished").waitFor();
    // The card was edited in place: the same message now says so.
    const edited = page.locator(`.message[data-message-id="${cardId}"]`);
    await edited.locator(".text", { hasText: "Finished" }).waitFor();
    expect(await edited.locator(".meta").textContent()).toMatch(/^edited /);
    // Nothing to pay any more: no copy buttons, and swapping again is green.
    expect(await edited.locator(".keyboard button.copy").count()).toBe(0);
    expect(await edited.getByRole("button", { name: /Swap again/ }).getAttribute("class")).toBe("callback style-success");
    await screenshot(page, "2-finished");
  }, 60_000);

  it("shares a quote in the group, and its deep link opens the private flow pre-filled", async () => {
    const page = await open("club-alice");
    await typeAndSend(page, "/rate 0.1 btc eth");
    const card = await botMessage(page, /0\.1 BTC/);
    await screenshot(page, "3-group-quote");
    // A second refresh within the minute: the bot's answer shows as a toast.
    await card.getByRole("button", { name: /Refresh/ }).click();
    await page.locator("#toast:not([hidden])", { hasText: /\d+ s/ }).waitFor();
    await card.getByRole("button", { name: /Exchange in private chat/ }).click();
    // The link switched to Alice's private chat and sent /start with the payload.
    await page.locator("#chat-list button[aria-current=true]", { hasText: "private chat" }).waitFor();
    await page.locator(".message.out", { hasText: /^\/start \S+/ }).waitFor();
    await botMessage(page, "0.1 BTC → ETH");
    await screenshot(page, "4-deep-link");
  }, 60_000);

  it("answers an inline query with results and sends the chosen one into the group", async () => {
    const page = await open("club-boris");
    await page.locator("#text").fill("@swap_playground_bot 0.1 btc eth");
    const result = page.locator("#popup .item").first();
    await result.waitFor();
    const title = await result.textContent();
    expect(title).toMatch(/BTC/);
    await screenshot(page, "5-inline-results");
    await result.click();
    const sent = page.locator(".message.out", { hasText: /via @swap_playground_bot/ }).last();
    await sent.waitFor();
    // Boris reads Russian: a decimal comma.
    expect(await sent.textContent()).toMatch(/0,1 BTC/);
    await screenshot(page, "6-inline-sent");
  }, 60_000);

  it("switches the language, and the bot answers in Russian from then on", async () => {
    const page = await open("alice");
    await page.locator("#menu-button").click();
    await page.locator("#popup .item", { hasText: "/language" }).click();
    const picker = await botMessage(page, "Choose your language");
    await picker.getByRole("button", { name: /Русский/ }).click();
    await botMessage(page, "Язык изменён на русский");
    await typeAndSend(page, "/help");
    await botMessage(page, "Как это работает");
    await screenshot(page, "7-language");
  }, 60_000);
});
