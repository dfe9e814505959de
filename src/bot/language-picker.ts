import type { InlineKeyboard } from "grammy";
import type { Translate } from "./cards.js";
import { LOCALES, type Locale } from "./i18n.js";

/** Languages on one page of the picker: three rows of two, short enough for a phone. */
export const LANGUAGES_PER_PAGE = 6;

export const LANGUAGE_PAGES = Math.ceil(LOCALES.length / LANGUAGES_PER_PAGE);

/** The page that shows `locale`. */
export function pageOf(locale: Locale): number {
  return Math.floor(LOCALES.indexOf(locale) / LANGUAGES_PER_PAGE);
}

/** A page number from callback data, kept within the pages there are (a button of an older, longer list). */
export function clampPage(page: number): number {
  return Math.min(Math.max(0, Math.trunc(page) || 0), LANGUAGE_PAGES - 1);
}

/**
 * One page of the language list, each language in its own name ("Español", "فارسی"), the
 * current one marked, with ‹ › to the other pages. `data` builds each button's callback data:
 * the private /language picker and the group settings use their own.
 */
export function addLanguagePage(
  keyboard: InlineKeyboard,
  t: Translate,
  options: { current: Locale; page: number; choose: (locale: Locale) => string; turn: (page: number) => string },
): InlineKeyboard {
  const page = clampPage(options.page);
  const shown = LOCALES.slice(page * LANGUAGES_PER_PAGE, (page + 1) * LANGUAGES_PER_PAGE);
  shown.forEach((locale, i) => {
    if (i > 0 && i % 2 === 0) keyboard.row();
    const name = t(`language-name-${locale}`);
    keyboard.text(locale === options.current ? `✅ ${name}` : name, options.choose(locale));
  });
  if (LANGUAGE_PAGES > 1) {
    keyboard.row();
    // "‹" and "›" wrap around: two pages need one button each way, which is the same page.
    keyboard.text("‹", options.turn((page + LANGUAGE_PAGES - 1) % LANGUAGE_PAGES));
    keyboard.text(`${page + 1}/${LANGUAGE_PAGES}`, options.turn(page));
    keyboard.text("›", options.turn((page + 1) % LANGUAGE_PAGES));
  }
  return keyboard;
}
