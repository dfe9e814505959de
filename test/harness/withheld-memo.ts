import type { SandboxExchange } from "../../src/exchange/sandbox/index.js";
import type { TestWorld } from "./app.js";

/** An XRP swap: a deposit that needs a memo, which the service may be slow to give. */
export const XRP_SWAP = { from: "xrp xrp", to: "btc btc", amount: "100", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" };

/** The deposit address the withheld-memo answer gives (an XRP address, whose memo is missing). */
export const XRP_DEPOSIT = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

/** The service gives the deposit address of an XRP_SWAP exchange without its memo, `times` times. */
export function withholdMemo(w: TestWorld, times: number): void {
  withholdMemoOn(w.app.sandbox!, times);
}

/** withholdMemo on a sandbox of its own (a fleet's). */
export function withholdMemoOn(sandbox: Pick<SandboxExchange, "faults">, times: number): void {
  const body = JSON.stringify({
    status: "waiting",
    symbol_from: "xrp",
    network_from: "xrp",
    symbol_to: "btc",
    network_to: "btc",
    amount_from: "100",
    amount_to: "0.0023",
    address_from: XRP_DEPOSIT,
    address_to: XRP_SWAP.address,
    address_refund: null,
    extra_from: null,
    extra_to: null,
    extra_refund: null,
    hash_from: null,
    hash_to: null,
    created_at: 1_795_348_800,
  });
  sandbox.faults.inject({ kind: "status", status: 200, body }, { endpoint: "getTransactionInfo", times });
}
