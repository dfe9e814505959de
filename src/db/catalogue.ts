import type { Currency, Provider } from "../exchange/schemas.js";
import type { Db } from "./database.js";

/** The currency catalogue and the providers, as last fetched from the service. */
export class CatalogueRepository {
  constructor(private readonly db: Db) {}

  /** Replaces the whole catalogue in one transaction, so readers never see half of it. */
  replaceCurrencies(currencies: readonly Currency[]): void {
    const insert = this.db.prepare(
      `INSERT OR REPLACE INTO currencies (symbol, network, fullname, image, memo, explorer, position)
       VALUES (@symbol, @network, @fullname, @image, @memo, @explorer, @position)`,
    );
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM currencies").run();
      // The service's order is kept: it lists the popular currencies first.
      currencies.forEach((c, position) => insert.run({ ...c, memo: c.memo ? 1 : 0, position }));
    })();
  }

  currencies(): Currency[] {
    const rows = this.db.prepare("SELECT symbol, network, fullname, image, memo, explorer FROM currencies ORDER BY position").all() as (Omit<Currency, "memo"> & { memo: number })[];
    return rows.map((row) => ({ ...row, memo: row.memo === 1 }));
  }

  replaceProviders(providers: readonly Provider[]): void {
    const insert = this.db.prepare("INSERT OR REPLACE INTO providers (name, enable) VALUES (?, ?)");
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM providers").run();
      for (const p of providers) insert.run(p.name, p.enable ? 1 : 0);
    })();
  }

  providers(): Provider[] {
    const rows = this.db.prepare("SELECT name, enable FROM providers ORDER BY name").all() as { name: string; enable: number }[];
    return rows.map((row) => ({ name: row.name, enable: row.enable === 1 }));
  }
}
