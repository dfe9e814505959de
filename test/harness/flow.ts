import type { StoredMessage, TestUser } from "../../src/emulator/index.js";

/** The labels of a message's buttons, row by row flattened. */
export function buttons(message: StoredMessage): string[] {
  return (message.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.text);
}

/** Offer buttons are "provider · amount SYMBOL", the amount as the person's language writes it ("3,401.2", "3 401,2"). */
export function offerButtons(message: StoredMessage): string[] {
  return buttons(message).filter((b) => / · \d[\d.,\u00A0\u202F]* [A-Z0-9.]+$/.test(b));
}

/** A swap as a person types it: currencies as "symbol network"; `offer` picks the offer whose button matches (the best if left out). */
export interface Swap {
  from: string;
  to: string;
  amount: string;
  address: string;
  memo?: string;
  offer?: RegExp;
}

/** /exchange: returns the first prompt (what to send). */
export async function startExchange(user: TestUser): Promise<StoredMessage> {
  await user.send("/exchange");
  return user.nextMessage();
}

/** /exchange, then `from` typed as what to send: returns the answer (for "symbol network", the prompt for what to receive). */
export async function typeFrom(user: TestUser, from: string): Promise<StoredMessage> {
  await startExchange(user);
  await user.send(from);
  return user.nextMessage();
}

/** /exchange, then both currencies typed as "symbol network": returns the amount prompt. */
export async function toAmount(user: TestUser, from: string, to: string): Promise<StoredMessage> {
  await typeFrom(user, from);
  await user.send(to);
  return user.nextMessage();
}

/** Up to the offers for `amount` (typed as a person would). */
export async function toOffers(user: TestUser, from: string, to: string, amount: string): Promise<StoredMessage> {
  await toAmount(user, from, to);
  await user.send(amount);
  return user.nextMessage();
}

/**
 * On the offers: taps the best offer, or the first whose button matches `offer` (its label read
 * without bidi marks, in any language); returns what answers (the address prompt, or a refusal).
 */
export async function chooseOffer(user: TestUser, offers: StoredMessage, offer?: RegExp): Promise<StoredMessage> {
  const label = offer ? buttons(offers).find((b) => offer.test(b.replace(/[\u200e\u200f\u2066-\u2069]/g, ""))) : offerButtons(offers)[0];
  if (!label)
    throw new Error(`no offer${offer ? ` of ${String(offer)}` : ""} in: ${JSON.stringify(offers.text)} ${JSON.stringify(buttons(offers))}`);
  await user.click(offers, label);
  return user.nextMessage();
}

/** Up to the address prompt (or whatever answers the tap on the offer): see chooseOffer. */
export async function toAddress(user: TestUser, from: string, to: string, amount: string, offer?: RegExp): Promise<StoredMessage> {
  return chooseOffer(user, await toOffers(user, from, to, amount), offer);
}

/** From offers already on the screen: the offer (see chooseOffer), the address and the memo if any; returns the summary. */
export async function summaryFrom(
  user: TestUser,
  offers: StoredMessage,
  swap: Pick<Swap, "address" | "memo" | "offer">,
): Promise<StoredMessage> {
  await chooseOffer(user, offers, swap.offer);
  await user.send(swap.address);
  let next = await user.nextMessage();
  if (swap.memo !== undefined) {
    await user.send(swap.memo);
    next = await user.nextMessage();
  }
  return next;
}

/** Up to the confirmation summary. */
export async function toSummary(user: TestUser, swap: Swap): Promise<StoredMessage> {
  return summaryFrom(user, await toOffers(user, swap.from, swap.to, swap.amount), swap);
}

/** A whole swap through the flow; returns the exchange id and the card message. */
export async function createViaFlow(
  user: TestUser,
  swap: Swap = {
    from: "btc btc",
    to: "usdt trx",
    amount: "0.05",
    address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
  },
): Promise<{ exchangeId: string; card: StoredMessage }> {
  const summary = await toSummary(user, swap);
  await user.click(summary, /^✅/);
  const card = await user.nextMessage();
  const match = /🔁 \S+ (\S+)/.exec(card.text ?? "");
  if (!match) throw new Error(`expected the exchange card, got: ${card.text}`);
  await user.nextMessage(); // the QR code
  return { exchangeId: match[1]!, card };
}
