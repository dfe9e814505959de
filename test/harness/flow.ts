import type { StoredMessage, TestUser } from "../../src/emulator/index.js";

/** The labels of a message's buttons, row by row flattened. */
export function buttons(message: StoredMessage): string[] {
  return (message.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.text);
}

/** Offer buttons are "provider · amount SYMBOL", the amount as the person's language writes it ("3,401.2", "3 401,2"). */
export function offerButtons(message: StoredMessage): string[] {
  return buttons(message).filter((b) => / · \d[\d.,\u00A0\u202F]* [A-Z0-9.]+$/.test(b));
}

/** /exchange, then both currencies typed as "symbol network": returns the amount prompt. */
export async function toAmount(user: TestUser, from: string, to: string): Promise<StoredMessage> {
  await user.send("/exchange");
  await user.nextMessage();
  await user.send(from);
  await user.nextMessage();
  await user.send(to);
  return user.nextMessage();
}

export async function toOffers(user: TestUser, from: string, to: string, amount: string): Promise<StoredMessage> {
  await toAmount(user, from, to);
  await user.send(amount);
  return user.nextMessage();
}

/** Up to the address prompt, choosing the best offer. */
export async function toAddress(user: TestUser, from: string, to: string, amount: string): Promise<StoredMessage> {
  const offers = await toOffers(user, from, to, amount);
  const best = offerButtons(offers)[0];
  if (!best) throw new Error(`no offers in: ${offers.text}`);
  await user.click(offers, best);
  return user.nextMessage();
}

/** Up to the confirmation summary. */
export async function toSummary(
  user: TestUser,
  swap: { from: string; to: string; amount: string; address: string; memo?: string },
): Promise<StoredMessage> {
  await toAddress(user, swap.from, swap.to, swap.amount);
  await user.send(swap.address);
  let next = await user.nextMessage();
  if (swap.memo !== undefined) {
    await user.send(swap.memo);
    next = await user.nextMessage();
  }
  return next;
}

/** A whole swap through the flow; returns the exchange id and the card message. */
export async function createViaFlow(
  user: TestUser,
  swap: { from: string; to: string; amount: string; address: string; memo?: string } = {
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
