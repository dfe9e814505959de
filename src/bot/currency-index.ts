import { CurrencyIndex } from "../domain/currency-search.js";
import type { CatalogueService } from "../exchange/index.js";

/** One search index per catalogue snapshot: rebuilt only when the catalogue was refreshed. */
export function currencyIndexOf(catalogue: Pick<CatalogueService, "currencies">): () => CurrencyIndex {
  let source: unknown;
  let index: CurrencyIndex | undefined;
  return () => {
    const currencies = catalogue.currencies();
    if (!index || source !== currencies) {
      index = new CurrencyIndex(currencies);
      source = currencies;
    }
    return index;
  };
}
