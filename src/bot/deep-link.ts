/**
 * Deep links that open the exchange flow pre-filled: t.me/<bot>?start=<payload>.
 * Payload: `x-<from>-<fromNet>-<to>-<toNet>[-<amount>]`, dots written as "_", so it
 * stays within Telegram's 64 characters of A-Za-z0-9_-.
 */
export interface SwapPrefill {
  from: { symbol: string; network: string };
  to: { symbol: string; network: string };
  amount?: string;
}

const PART = /^[a-z0-9_]{1,20}$/;

export function encodeSwapLink(prefill: SwapPrefill): string | undefined {
  const parts = [prefill.from.symbol, prefill.from.network, prefill.to.symbol, prefill.to.network];
  if (prefill.amount !== undefined) parts.push(prefill.amount);
  const encoded = parts.map((part) => part.toLowerCase().replace(/\./g, "_"));
  if (!encoded.every((part) => PART.test(part))) return undefined;
  const payload = `x-${encoded.join("-")}`;
  return payload.length <= 64 ? payload : undefined;
}

export function decodeSwapLink(payload: string): SwapPrefill | undefined {
  const match = /^x-([a-z0-9_]+)-([a-z0-9_]+)-([a-z0-9_]+)-([a-z0-9_]+)(?:-(\d+(?:_\d+)?))?$/.exec(payload);
  if (!match) return undefined;
  const dot = (part: string) => part.replace(/_/g, ".");
  const prefill: SwapPrefill = {
    from: { symbol: dot(match[1]!), network: dot(match[2]!) },
    to: { symbol: dot(match[3]!), network: dot(match[4]!) },
  };
  if (match[5] !== undefined) prefill.amount = dot(match[5]);
  return prefill;
}
