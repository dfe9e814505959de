import { InlineKeyboard } from "grammy";
import type { SearchResult, SymbolGroup } from "../../domain/currency-search.js";
import { networkName } from "../../domain/networks.js";
import type { Currency } from "../../exchange/index.js";
import { currencyLabel, escapeHtml, shorten } from "../format.js";
import { type ButtonFactory, type FlowUi, grid, type Screen } from "./flow-ui.js";

/** What the picker shows; kept in the conversation so button indices stay stable on replay. */
/** A pair the person swapped before: offered first, so a regular swap is one tap. */
export interface RecentPair {
  from: Currency;
  to: Currency;
}

export type PickerView =
  | { kind: "popular"; currencies: Currency[]; pairs: RecentPair[] }
  | { kind: "networks"; group: SymbolGroup; page: number }
  | { kind: "matches"; query: string; groups: SymbolGroup[] }
  | { kind: "none"; query: string; suggestions: SymbolGroup[] };

export interface PickerData {
  popular(): Promise<Currency[]>;
  search(query: string): Promise<SearchResult>;
  /** True while the exchange service cannot serve people: "found nothing" would not be the truth. */
  unavailable(): Promise<boolean>;
  /** Readable network names for the given codes, from the catalogue. */
  networkNames(networks: string[]): Promise<Record<string, string>>;
  /** The person's recent pairs, newest first (a few). */
  recentPairs(): Promise<RecentPair[]>;
}

/** The currency chosen; a recent pair chosen at the first step also gives the other side. */
export interface Picked {
  currency: Currency;
  to?: Currency;
}

export const NETWORKS_PER_PAGE = 8;

/** Where a picker was when its step started again quietly (kept in the conversation). */
interface PickerResume {
  role: "from" | "to";
  view: PickerView;
  messageId: number;
}

/**
 * Step 1 and 2: a currency on a network, by button or by typing. Returns the currency, never
 * the same as `exclude` (the currency on the other side of the swap).
 */
export async function pickCurrency(ui: FlowUi, data: PickerData, role: "from" | "to", exclude?: Currency): Promise<Picked> {
  // Started again quietly after some browsing: the same message, showing what it showed.
  const resumed = ui.resumed<PickerResume>();
  const pairs = role === "from" ? await data.recentPairs() : [];
  let view: PickerView = resumed?.role === role ? resumed.view : { kind: "popular", currencies: await data.popular(), pairs };
  let names = await data.networkNames(view.kind === "networks" ? view.group.currencies.map((c) => c.network) : []);
  // Whether the last input showed something (set by `show`).
  let moved: boolean;
  const show = async (next: PickerView, fresh: boolean, messageId?: number): Promise<number> => {
    view = next;
    moved = true;
    if (next.kind === "networks") names = await data.networkNames(next.group.currencies.map((c) => c.network));
    const build = (button: ButtonFactory) => renderPicker(ui, role, next, names, button, exclude);
    if (fresh || messageId === undefined) return ui.prompt(build);
    await ui.redraw(messageId, build);
    return messageId;
  };
  let messageId = resumed?.role === role ? resumed.messageId : await show(view, true);

  for (;;) {
    const input = await ui.input();
    // `show` replaces the view; read it afresh after every wait.
    const shown = view as PickerView;
    moved = false;
    let chosen: Currency | undefined;
    if (input.kind === "text") {
      const result = await data.search(input.text);
      if (result.kind === "exact") chosen = result.currency;
      else if (result.kind === "networks") messageId = await show({ kind: "networks", group: result.group, page: 0 }, true);
      else if (result.kind === "matches") messageId = await show({ kind: "matches", query: input.text, groups: result.groups }, true);
      else if (await data.unavailable()) await ui.say(ui.t("exchange-unavailable"));
      else messageId = await show({ kind: "none", query: input.text, suggestions: result.suggestions }, true);
    } else {
      const index = Number(input.arg);
      if (input.action === "c") chosen = currenciesOf(shown)[index];
      else if (input.action === "p" && shown.kind === "popular") {
        const pair = shown.pairs[index];
        if (pair) return { currency: pair.from, to: pair.to };
      } else if (input.action === "g") {
        const group = groupsOf(shown)[index];
        if (group && group.currencies.length === 1) chosen = group.currencies[0];
        else if (group) messageId = await show({ kind: "networks", group, page: 0 }, false, messageId);
      } else if (input.action === "pg" && shown.kind === "networks") {
        messageId = await show({ ...shown, page: index }, false, messageId);
      } else if (input.action === "all") {
        messageId = await show({ kind: "popular", currencies: await data.popular(), pairs }, false, messageId);
      }
    }
    if (!chosen) {
      // A page turned, a list or search shown: browsing, not a wrong input.
      if (moved) ui.took({ role, view, messageId } satisfies PickerResume);
      continue;
    }
    if (exclude && chosen.symbol === exclude.symbol && chosen.network === exclude.network) {
      await ui.say(ui.t("flow-same-currency", { currency: escapeHtml(currencyLabel(chosen)) }));
      continue;
    }
    return { currency: chosen };
  }
}

function currenciesOf(view: PickerView): Currency[] {
  if (view.kind === "popular") return view.currencies;
  if (view.kind === "networks") return view.group.currencies;
  return [];
}

function groupsOf(view: PickerView): SymbolGroup[] {
  if (view.kind === "matches") return view.groups;
  if (view.kind === "none") return view.suggestions;
  return [];
}

function renderPicker(
  ui: FlowUi,
  role: "from" | "to",
  view: PickerView,
  names: Record<string, string>,
  button: ButtonFactory,
  exclude: Currency | undefined,
): Screen {
  const ask = role === "from" ? ui.t("flow-pick-from") : ui.t("flow-pick-to", { from: escapeHtml(exclude ? currencyLabel(exclude) : "") });
  switch (view.kind) {
    case "popular": {
      const currencies = grid(
        view.currencies.map((c, i) => button(currencyLabel(c), "c", i)),
        3,
      );
      const recent = view.pairs.map((pair, i) => [button(`🔁 ${currencyLabel(pair.from)} → ${currencyLabel(pair.to)}`, "p", i)]);
      return {
        text: `${ask}\n\n${ui.t(recent.length > 0 ? "flow-pick-hint-recent" : "flow-pick-hint")}`,
        keyboard: InlineKeyboard.from([...recent, ...currencies.inline_keyboard]),
      };
    }
    case "networks": {
      const pages = Math.max(1, Math.ceil(view.group.currencies.length / NETWORKS_PER_PAGE));
      const page = Math.min(Math.max(0, view.page), pages - 1);
      const start = page * NETWORKS_PER_PAGE;
      const shown = view.group.currencies.slice(start, start + NETWORKS_PER_PAGE);
      const keyboard = grid(
        shown.map((c, i) => button(`${c.network.toUpperCase()} · ${names[c.network] ?? networkName(c.network)}`, "c", start + i)),
        2,
      );
      if (pages > 1) {
        keyboard.row();
        if (page > 0) keyboard.text("‹", button("‹", "pg", page - 1).callback_data);
        keyboard.text(`${page + 1}/${pages}`, button("·", "pg", page).callback_data);
        if (page < pages - 1) keyboard.text("›", button("›", "pg", page + 1).callback_data);
      }
      keyboard.row().text(ui.t("flow-back-to-list"), button("", "all").callback_data);
      const which = ui.t("flow-pick-network", {
        symbol: escapeHtml(view.group.symbol.toUpperCase()),
        name: escapeHtml(view.group.fullname),
      });
      return { text: `${ask}\n\n${which}`, keyboard };
    }
    case "matches":
      return {
        text: `${ask}\n\n${ui.t("flow-matches", { query: escapeHtml(shorten(view.query.trim(), 64)) })}`,
        keyboard: groupKeyboard(view.groups, button).row().text(ui.t("flow-back-to-list"), button("", "all").callback_data),
      };
    case "none": {
      const lines = [ask, "", ui.t("flow-nothing-found", { query: escapeHtml(shorten(view.query.trim(), 64)) })];
      if (view.suggestions.length > 0) lines.push(ui.t("flow-did-you-mean"));
      return {
        text: lines.join("\n"),
        keyboard: groupKeyboard(view.suggestions, button).row().text(ui.t("flow-back-to-list"), button("", "all").callback_data),
      };
    }
  }
}

function groupKeyboard(groups: SymbolGroup[], button: ButtonFactory): InlineKeyboard {
  return grid(
    groups.map((g, i) => button(`${g.symbol.toUpperCase()} · ${shorten(g.fullname, 23)}`, "g", i)),
    2,
  );
}
