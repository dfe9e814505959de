import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";

/** Screenshots of the browser tests (ignored by git). */
export const SCREENSHOT_DIR = join(import.meta.dirname, "..", "..", "test-results", "playground");

const ROOT = join(import.meta.dirname, "..", "..");

/**
 * Headless Chromium driven by playwright-core: the one `@sparticuz/chromium` (a dev dependency)
 * ships, so `npm ci` is all a machine needs; CHROMIUM_PATH points at another Chromium or Chrome.
 */
export async function launchBrowser(): Promise<Browser> {
  const own = process.env.CHROMIUM_PATH;
  if (own !== undefined && !existsSync(own)) throw new Error(`CHROMIUM_PATH is ${own}, and there is no file there.`);
  const packaged = own === undefined ? await packagedChromium() : undefined;
  const executablePath = own ?? packaged!.executablePath;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({
    executablePath,
    headless: true,
    // --no-sandbox: CI runs as root, where Chromium's own sandbox refuses to start. (The packaged
    // Chromium's other recommended flags, --single-process and the like, are for serverless hosts.)
    args: ["--no-sandbox"],
    env: packaged === undefined ? process.env : { ...process.env, FONTCONFIG_PATH: packaged.fontconfigPath },
  });
}

/**
 * The packaged Chromium, unpacked once per version into its own folder under the temp dir
 * (the package itself would use /tmp/chromium, whatever version left it there). It unpacks in a
 * child process into a fresh folder that is then renamed into place, so test files starting at
 * once never run a half-written browser.
 */
async function packagedChromium(): Promise<{ executablePath: string; fontconfigPath: string }> {
  const { version } = packageJson(createRequire(import.meta.url).resolve("@sparticuz/chromium"), "@sparticuz/chromium");
  const dir = join(tmpdir(), `swap-bot-chromium-${version}`);
  if (!existsSync(join(dir, "chromium"))) {
    const staging = mkdtempSync(`${dir}.partial-`);
    try {
      // The package unpacks into os.tmpdir(): TMPDIR is the staging folder for this child alone.
      const script = "const { default: c } = await import('@sparticuz/chromium'); await c.executablePath();";
      await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
        cwd: ROOT,
        env: { ...process.env, TMPDIR: staging },
      });
      // Its fonts.conf names /tmp/fonts; this one names where the fonts are, then the system's.
      writeFileSync(
        join(staging, "fonts", "fonts.conf"),
        `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(dir, "fonts", "fonts")}</dir>\n` +
          `  <cachedir>${join(dir, "fonts-cache")}</cachedir>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n</fontconfig>\n`,
      );
      renameSync(staging, dir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      // Another test file renamed its copy into place first: use that one.
      if (!existsSync(join(dir, "chromium"))) throw error;
    }
  }
  return { executablePath: join(dir, "chromium"), fontconfigPath: join(dir, "fonts") };
}

/** The package.json of `name`, found upwards from one of its files. */
function packageJson(file: string, name: string): { version: string } {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, "package.json");
    if (!existsSync(path)) continue;
    const json = JSON.parse(readFileSync(path, "utf8")) as { name?: string; version: string };
    if (json.name === name) return json;
  }
  throw new Error(`no package.json of ${name} above ${file}`);
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
