/**
 * The one rule for showing where to send: every place that shows a deposit (the flow, cards,
 * /history, the tracker's edits, support) asks here first. A deposit that needs a memo is
 * never shown without it: funds sent to a shared address without their memo may never be
 * credited. Where the service has not given what is needed, people are told not to send.
 */

/**
 * Networks where an exchange's deposit address is shared and the deposit is credited by its
 * memo, tag or comment, whatever the catalogue says of a token on them.
 */
const MEMO_NETWORKS: ReadonlySet<string> = new Set(["xrp", "xlm", "ton", "eos", "hbar"]);

export interface DepositFacts {
  addressFrom: string | null;
  extraFrom: string | null;
  networkFrom: string;
}

export type DepositView =
  | { kind: "complete"; address: string; memo: string | null }
  | { kind: "missing-address" }
  /** The address is known but must not be shown: its memo is not. */
  | { kind: "missing-memo" };

/** Whether a deposit on `network` needs a memo: the catalogue's word, or the network's nature. */
export function depositNeedsMemo(network: string, catalogueSaysMemo: boolean | undefined): boolean {
  return catalogueSaysMemo === true || MEMO_NETWORKS.has(network.trim().toLowerCase());
}

export function depositView(deposit: DepositFacts, needsMemo: boolean): DepositView {
  const address = deposit.addressFrom?.trim() ?? "";
  if (address === "") return { kind: "missing-address" };
  const memo = deposit.extraFrom?.trim() ?? "";
  if (needsMemo && memo === "") return { kind: "missing-memo" };
  return { kind: "complete", address, memo: memo === "" ? null : memo };
}
