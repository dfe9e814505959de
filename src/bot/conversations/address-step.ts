import { InlineKeyboard } from "grammy";
import type { Repositories, SavedAddress } from "../../db/index.js";
import { checkAddress, checkMemo, knowsAddressFormat } from "../../domain/address.js";
import { networkName } from "../../domain/networks.js";
import type { Currency } from "../../exchange/index.js";
import { currencyLabel, escapeHtml, shorten } from "../format.js";
import type { FlowConversation, FlowUi } from "./flow-ui.js";

/** Saved addresses offered as buttons at the address step, most recently used first. */
const SAVED_ADDRESS_BUTTONS = 6;

export interface AddressDeps {
  repos: Pick<Repositories, "addresses">;
}

/**
 * The receiving address of `to`, typed or from the address book. `memo` comes with a saved
 * entry that has one; otherwise the memo step asks (where the currency takes one).
 */
export async function addressStep(
  conversation: FlowConversation,
  ui: FlowUi,
  deps: AddressDeps,
  userId: number,
  to: Currency,
): Promise<{ address: string; memo?: string }> {
  // An entry kept with a memo is not offered where this currency takes none: its memo would be dropped.
  const saved = await conversation.external(async () =>
    (await deps.repos.addresses.list(userId, to.network)).filter((entry) => to.memo || entry.memo === null).slice(0, SAVED_ADDRESS_BUTTONS),
  );
  const { savedId, ...chosen } = await askAddress(ui, to, saved);
  if (savedId !== undefined) await conversation.external(() => deps.repos.addresses.used(savedId, userId));
  return chosen;
}

/**
 * The receiving address, typed or chosen from the person's address book for this network. A
 * saved entry is checked again like a typed one; its memo is taken only where the network uses
 * memos (and, missing, the memo step still asks).
 */
async function askAddress(ui: FlowUi, to: Currency, saved: SavedAddress[]): Promise<{ address: string; memo?: string; savedId?: number }> {
  const vars = { currency: escapeHtml(currencyLabel(to)), network: escapeHtml(networkName(to.network)) };
  // Where the bot knows no address format, it says so: only the person can check the address.
  const ask = knowsAddressFormat(to.network)
    ? ui.t("flow-ask-address", vars)
    : `${ui.t("flow-ask-address", vars)}\n\n${ui.t("flow-address-unchecked", vars)}`;
  await ui.prompt((button) => {
    if (saved.length === 0) return { text: ask };
    const keyboard = new InlineKeyboard();
    saved.forEach((entry, i) =>
      keyboard.text(`📒 ${shorten(entry.label, 24)} · ${shortAddress(entry.address)}`, button("", "s", i).callback_data).row(),
    );
    return { text: `${ask}\n\n${ui.t("flow-address-book-hint")}`, keyboard };
  });
  for (;;) {
    const input = await ui.input();
    if (input.kind === "button" && input.action === "s") {
      const entry = saved[Number(input.arg)];
      if (!entry) continue;
      const checked = checkAddress(to.network, entry.address);
      if (!checked.ok) {
        await ui.say(ui.t("address-saved-invalid", { label: escapeHtml(entry.label), network: vars.network }));
        continue;
      }
      const memo = to.memo && entry.memo !== null ? checkMemo(to.network, entry.memo) : undefined;
      return { address: checked.address, savedId: entry.id, ...(memo?.ok && memo.memo !== "" ? { memo: memo.memo } : {}) };
    }
    if (input.kind !== "text") continue;
    const checked = checkAddress(to.network, input.text);
    if (checked.ok) return { address: checked.address };
    await ui.say(ui.t(`address-${checked.problem}`, { network: vars.network, token: checked.token ?? "" }));
  }
}

/** "TXLAQ6…qcdj": enough to tell saved addresses apart on a button; the summary shows it whole. */
function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/**
 * Asks for the memo; "none" needs a second, explicit yes, because a missing tag can lose funds.
 * The question and its answers stay on the same prompt: "My wallet needs no memo" keeps working
 * after "No, I will type the memo", and going back and forth is not a wrong input (FlowUi.took).
 */
export async function askMemo(ui: FlowUi, to: Currency): Promise<string | null> {
  const network = escapeHtml(networkName(to.network));
  // Started again quietly after some back and forth: its messages and buttons are still there.
  if (ui.resumed<"memo">() === undefined) {
    await ui.prompt((button) => ({
      text: ui.t("flow-ask-memo", { network, currency: escapeHtml(currencyLabel(to)) }),
      keyboard: new InlineKeyboard().text(ui.t("flow-no-memo"), button("", "n").callback_data),
    }));
  }
  for (;;) {
    const input = await ui.input();
    if (input.kind === "text") {
      const checked = checkMemo(to.network, input.text);
      // Text that trims to nothing is not a memo: "no memo" needs the explicit yes below.
      if (checked.ok && checked.memo !== "") return checked.memo;
      if (checked.ok) {
        await ui.say(ui.t("flow-type-memo"));
        continue;
      }
      await ui.say(ui.t(`memo-${checked.problem}`, { network }));
      continue;
    }
    if (input.action === "y") return null;
    if (input.action === "n") {
      const button = ui.buttons();
      await ui.say(
        ui.t("flow-no-memo-sure", { network }),
        // Red: a memo left out where one is needed can lose the funds.
        new InlineKeyboard()
          .text(ui.t("flow-no-memo-yes"), button("", "y").callback_data)
          .danger()
          .row()
          .text(ui.t("flow-no-memo-back"), button("", "m").callback_data),
      );
      ui.took("memo");
    } else if (input.action === "m") {
      await ui.say(ui.t("flow-type-memo"));
      ui.took("memo");
    }
  }
}
