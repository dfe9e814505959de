import type { Logger } from "pino";
import type { Clock } from "../../clock.js";
import type { Repositories, TransactionRecord } from "../../db/index.js";
import { type DepositView, depositNeedsMemo, depositView } from "../../domain/deposit.js";
import type { CatalogueService, ExchangeClient } from "../../exchange/index.js";
import { Decimal } from "../../money.js";

export interface DepositDeps {
  clock: Clock;
  logger: Logger;
  repos: Pick<Repositories, "transactions" | "cards">;
  catalogue: Pick<CatalogueService, "find">;
  client: Pick<ExchangeClient, "getTransaction">;
  /** Wakes the tracker: something is owed or due (here: deposit details the tracker owes). */
  onCreated: () => void;
}

/** A created exchange and where to pay, as the flow stores it in its log. */
export interface Created {
  kind: "created";
  exchangeId: string;
  deposit: { address: string | null; extra: string | null; amount: string };
}

/**
 * Reads the deposit details of a created exchange (one call on the create lane: the person
 * waits for exactly this) unless they are complete already, and keeps what it learns.
 */
export async function depositOf(deps: DepositDeps, exchangeId: string): Promise<Created> {
  const stored = await deps.repos.transactions.find(exchangeId);
  if (!stored || depositViewOf(deps, stored).kind !== "complete") {
    try {
      const tx = await deps.client.getTransaction(exchangeId, { lane: "create" });
      // The exchange just before and after the write, from one transaction: a tracker poll may
      // have learned the deposit meanwhile, and exactly one of the two must see it become complete.
      const recorded = await deps.repos.transactions.recordDeposit(exchangeId, {
        addressFrom: tx.address_from,
        extraFrom: tx.extra_from,
        amountTo: tx.amount_to,
      });
      if (recorded) {
        const { before, after } = recorded;
        if (
          after.cardClaim === "tracker" &&
          depositViewOf(deps, before).kind !== "complete" &&
          depositViewOf(deps, after).kind === "complete"
        ) {
          // The tracker showed the card without them (it took the card over after a restart): the
          // details are owed as a new message, as the tracker's depositReady owes them; this flow
          // does not show them (the card is not its to show).
          await deps.repos.cards.oweDepositDetails(exchangeId);
          deps.onCreated(); // wakes the tracker
        }
      }
      if (stored && tx.amount_from !== null && !new Decimal(tx.amount_from).equals(stored.amountFrom)) {
        // What the person confirmed is what we show and put in the QR code; say so loudly if the service differs.
        deps.logger.error(
          { exchangeId, confirmed: stored.amountFrom, service: tx.amount_from },
          "the service reports another deposit amount than the one confirmed",
        );
      }
    } catch (error) {
      deps.logger.warn({ err: error, exchangeId }, "could not read the new exchange's deposit details");
    }
  }
  const tx = await deps.repos.transactions.find(exchangeId);
  return {
    kind: "created",
    exchangeId,
    deposit: { address: tx?.addressFrom ?? null, extra: tx?.extraFrom ?? null, amount: tx?.amountFrom ?? "0" },
  };
}

/** The deposit of a stored exchange, by the one rule (src/domain/deposit.ts). */
export function depositViewOf(deps: Pick<DepositDeps, "catalogue">, tx: TransactionRecord): DepositView {
  return depositView(tx, depositNeedsMemo(tx.networkFrom, deps.catalogue.find(tx.symbolFrom, tx.networkFrom)?.memo));
}
