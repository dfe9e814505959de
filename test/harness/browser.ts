import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";

/** Screenshots of the browser tests (ignored by git). */
export const SCREENSHOT_DIR = join(import.meta.dirname, "..", "..", "test-results", "playground");

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/**
 * Headless Chromium from the system (Debian's `chromium` package), driven by playwright-core.
 * Says what to install when there is none: the playground's tests need a real browser.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? CANDIDATES.find((path) => existsSync(path));
  if (executablePath === undefined || !existsSync(executablePath)) {
    throw new Error(
      "The playground's browser tests need Chromium, and none was found. Install it with `apt-get install chromium` " +
        "(Debian/Ubuntu; .ci/run does this), or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // --no-sandbox: CI runs as root, where Chromium's own sandbox refuses to start.
  return chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
}

/** The page, watched: an error in the page's script fails the test that caused it. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  await page.locator("body[data-ready=true]").waitFor();
  return { page, errors };
}

/** The newest message from the bot whose text (buttons aside) contains `text`, once it is shown. */
export async function botMessage(page: Page, text: string | RegExp): Promise<Locator> {
  const message = page
    .locator(".message.in")
    .filter({ has: page.locator(".bubble .text", { hasText: text }) })
    .last();
  await message.waitFor();
  return message;
}

/** Types into the message box and sends, as a person would. */
export async function typeAndSend(page: Page, text: string): Promise<void> {
  await page.locator("#text").fill(text);
  await page.locator("#text").press("Enter");
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}
