/**
 * Typed callback data. Every button's data is built here and checked against Telegram's
 * 64-byte limit, so a long value fails loudly in tests rather than at a user's tap.
 */
const MAX_BYTES = 64;

function checked(data: string): string {
  if (Buffer.byteLength(data, "utf8") > MAX_BYTES) throw new RangeError(`callback data over ${MAX_BYTES} bytes: ${data}`);
  return data;
}

/** A button inside a flow: bound to that run (`flow`) and to the prompt it belongs to (`step`). */
export interface FlowButton {
  flow: string;
  step: number;
  action: string;
  arg: string;
}

export const flowButton = {
  encode: (b: Omit<FlowButton, "arg"> & { arg?: string | number }): string =>
    checked(`x:${b.flow}:${b.step}:${b.action}${b.arg === undefined ? "" : `:${b.arg}`}`),
  decode(data: string): FlowButton | undefined {
    const match = /^x:([a-z0-9]{1,12}):(\d{1,6}):([a-z]{1,8})(?::(.{0,40}))?$/.exec(data);
    if (!match) return undefined;
    return { flow: match[1]!, step: Number(match[2]), action: match[3]!, arg: match[4] ?? "" };
  },
  /** Any flow button, whichever run it came from. */
  pattern: /^x:/,
};

/** Buttons of the main menu and settings, valid at any time. */
export const menuButton = {
  encode: (action: "exchange" | "history" | "language" | "help"): string => checked(`m:${action}`),
  pattern: /^m:(exchange|history|language|help)$/,
};

/** A locale in callback data: "en", "pt-BR", "zh-Hans" (old pickers sent "en" and "ru"). */
const LOCALE_DATA = "[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?";

/** /language: choose a language, or turn the list's page. */
export const languageButton = {
  encode: (locale: string): string => checked(`lang:${locale}`),
  page: (page: number): string => checked(`lang:p:${page}`),
  pattern: new RegExp(`^lang:(${LOCALE_DATA})$`),
  pagePattern: /^lang:p:(\d{1,2})$/,
};

/** A group's settings: who may ask for quotes, the group's language, a page of the language list. */
export const groupSettingsButton = {
  who: (who: "everyone" | "admins"): string => checked(`gs:who:${who}`),
  language: (locale: string): string => checked(`gs:lang:${locale}`),
  page: (page: number): string => checked(`gs:lp:${page}`),
  pattern: new RegExp(`^gs:(?:who:(everyone|admins)|lang:(${LOCALE_DATA})|lp:(\\d{1,2}))$`),
};

const CARD_ACTIONS = { open: "co", refresh: "cr", fundsSent: "cs", receipt: "cf" } as const;
export type CardAction = keyof typeof CARD_ACTIONS;

/** Buttons of an exchange's card and of the history list; exchanges are named by row id. */
export const cardButton = {
  encode: (action: CardAction, rowId: number): string => checked(`${CARD_ACTIONS[action]}:${rowId}`),
  /** The action of a `pattern` match's first group. */
  action: (code: string): CardAction | undefined =>
    (Object.keys(CARD_ACTIONS) as CardAction[]).find((action) => CARD_ACTIONS[action] === code),
  pattern: /^(co|cr|cs|cf):(\d{1,12})$/,
};

/** "Swap again" on a finished card or in /history: the same pair and amount, a new quote. */
export const againButton = {
  encode: (rowId: number): string => checked(`sa:${rowId}`),
  pattern: /^sa:(\d{1,12})$/,
};

export const historyButton = {
  encode: (page: number): string => checked(`h:${page}`),
  pattern: /^h:(\d{1,6})$/,
};

/** The address book: save the receiving address of an exchange (by row id), rename or delete an entry. */
export const addressButton = {
  save: (rowId: number): string => checked(`ab:s:${rowId}`),
  rename: (id: number): string => checked(`ab:r:${id}`),
  remove: (id: number): string => checked(`ab:d:${id}`),
  pattern: /^ab:([srd]):(\d{1,12})$/,
};

/** Rate alerts: into the flow pre-filled from an alert, or remove one from /alerts. */
export const alertButton = {
  exchange: (id: number): string => checked(`al:go:${id}`),
  remove: (id: number): string => checked(`al:rm:${id}`),
  exchangePattern: /^al:go:(\d{1,12})$/,
  removePattern: /^al:rm:(\d{1,12})$/,
};
