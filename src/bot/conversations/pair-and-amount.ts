import type { Repositories } from "../../db/index.js";
import type { CurrencyIndex } from "../../domain/currency-search.js";
import { networkName } from "../../domain/networks.js";
import type { CatalogueService, Currency, ExchangeAvailability } from "../../exchange/index.js";
import { currencyLabel, escapeHtml, shorten } from "../format.js";
import type { FlowConversation, FlowUi } from "./flow-ui.js";
import type { PickerData, RecentPair } from "./pick-currency.js";
import { externalWithCurrencies } from "./slim-record.js";

/** Recent pairs offered first at the first step. */
const RECENT_PAIRS = 3;

export interface PairDeps {
  repos: Pick<Repositories, "transactions">;
  catalogue: Pick<CatalogueService, "find" | "currencies">;
  currencyIndex: () => CurrencyIndex;
  /** Whether the exchange service can serve people now (src/exchange/availability.ts). */
  availability: Pick<ExchangeAvailability, "current">;
}

/** What the currency picker reads (pick-currency.ts), each read through the conversation's log. */
export function pickerDataOf(conversation: FlowConversation, deps: PairDeps, userId: number): PickerData {
  return {
    popular: () => externalWithCurrencies(conversation, () => deps.currencyIndex().popular(9)),
    search: (query) => externalWithCurrencies(conversation, () => deps.currencyIndex().search(query)),
    unavailable: () => conversation.external(() => deps.availability.current() !== undefined),
    recentPairs: () => externalWithCurrencies(conversation, () => recentPairsOf(deps, userId)),
    networkNames: (networks) =>
      conversation.external(() => Object.fromEntries(networks.map((n) => [n, networkName(n, deps.catalogue.currencies())]))),
  };
}

/** The person's last few distinct pairs still in the catalogue, newest first. */
async function recentPairsOf(deps: PairDeps, userId: number): Promise<RecentPair[]> {
  const pairs: RecentPair[] = [];
  for (const tx of await deps.repos.transactions.listByUser(userId, 20, 0)) {
    const from = deps.catalogue.find(tx.symbolFrom, tx.networkFrom);
    const to = deps.catalogue.find(tx.symbolTo, tx.networkTo);
    if (!from || !to || pairs.some((p) => p.from === from && p.to === to)) continue;
    pairs.push({ from, to });
    if (pairs.length === RECENT_PAIRS) break;
  }
  return pairs;
}

/** The amount to send, in `from`. */
export async function askAmount(ui: FlowUi, from: Currency): Promise<string> {
  await ui.prompt(() => ({ text: ui.t("flow-ask-amount", { from: escapeHtml(currencyLabel(from)) }) }));
  for (;;) {
    const input = await ui.input();
    if (input.kind !== "text") continue;
    const parsed = await ui.readAmount(input.text);
    if (parsed.ok) return parsed.value;
    await ui.say(
      ui.t(`amount-${parsed.problem}`, { decimals: parsed.maxDecimals ?? 8, input: escapeHtml(shorten(input.text.trim(), 32)) }),
    );
  }
}
