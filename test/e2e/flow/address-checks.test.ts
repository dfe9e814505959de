import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { toAddress } from "../../harness/flow.js";

/**
 * The receiving address step through the real bot: networks the bot cannot check say so and ask
 * for a character-by-character comparison; token contracts and burn addresses are refused with
 * a reason; newly checked networks refuse what their format does not allow.
 */
let world: TestWorld;
let nextUserId = 9100;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});
const newUser = (language_code = "en") => world.tg.user({ id: nextUserId++, first_name: "Tester", language_code });

describe("a network without an address rule", () => {
  it("says at the prompt that it cannot check the address, and the summary asks to compare it character by character", async () => {
    const user = newUser();
    const prompt = await toAddress(user, "btc btc", "kas kas", "0.05");
    expect(prompt.text).toContain("I cannot check addresses on");
    const address = "kaspa:qypr7ayn2a7jhu5wztjczpavnkjdcm98qm4w0mza8ra6c4lrfzs5yeq2a4mxqa3";
    await user.send(address);
    const summary = await user.nextMessage();
    expect(summary.text).toContain("Please check everything");
    expect(summary.text).toContain(address);
    expect(summary.text).toContain("compare the address above with your wallet character by character");
  });

  it("says it in Russian too", async () => {
    const user = newUser("ru");
    const prompt = await toAddress(user, "btc btc", "kas kas", "0.05");
    expect(prompt.text).toContain("Я не умею проверять адреса в сети");
  });

  it("a checked network has neither line", async () => {
    const user = newUser();
    const prompt = await toAddress(user, "btc btc", "usdt trx", "0.05");
    expect(prompt.text).not.toContain("I cannot check");
    await user.send("TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj");
    const summary = await user.nextMessage();
    expect(summary.text).toContain("Please check everything");
    expect(summary.text).not.toContain("character by character");
  });
});

describe("token contracts and burn addresses", () => {
  it.each([
    ["usdt trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "USDT"],
    ["usdt eth", "0xdAC17F958D2ee523a2206206994597C13D831ec7", "USDT"],
    ["usdt bsc", "0x55d398326f99059fF775485246999027B3197955", "USDT"],
    ["usdc sol", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "USDC"],
    ["usdt ton", "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs", "USDT"],
  ])("%s refuses the %s contract and says why", async (to, contract, token) => {
    const user = newUser();
    await toAddress(user, "btc btc", to, "0.05");
    await user.send(contract);
    const refusal = await user.nextMessage();
    expect(refusal.text).toContain(`That is the ${token} token contract, not a wallet`);
    expect(refusal.text).toContain("lost for good");
  });

  it("refuses a burn address and stays at the address step", async () => {
    const user = newUser();
    await toAddress(user, "btc btc", "usdt eth", "0.05");
    await user.send("0x000000000000000000000000000000000000dEaD");
    expect((await user.nextMessage()).text).toContain("That is a burn address");
    await user.send("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    expect((await user.nextMessage()).text).toContain("Please check everything");
  });
});

describe("a newly checked network", () => {
  it("algo: refuses text that is not an Algorand address, takes a real one", async () => {
    const user = newUser();
    const prompt = await toAddress(user, "btc btc", "usdc algo", "0.05");
    expect(prompt.text).not.toContain("I cannot check");
    await user.send("x");
    expect((await user.nextMessage()).text).toContain("That is not a valid address on");
    // Algorand developer docs' example account.
    await user.send("VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA");
    expect((await user.nextMessage()).text).toContain("Please check everything");
  });

  it("hive: an account name, then a memo that wallets would encrypt is refused", async () => {
    const user = newUser();
    await toAddress(user, "btc btc", "hive hive", "0.05");
    await user.send("Not_A_Name");
    expect((await user.nextMessage()).text).toContain("That is not a valid address on");
    await user.send("blocktrades");
    expect((await user.nextMessage()).text).toContain("needs a memo");
    await user.send("#secret-123");
    expect((await user.nextMessage()).text).toContain("starts with # is sent encrypted");
    await user.send("123456789");
    expect((await user.nextMessage()).text).toContain("Memo: 123456789");
  });
});
