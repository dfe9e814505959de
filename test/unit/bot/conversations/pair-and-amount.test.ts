import { describe, expect, it } from "vitest";
import { askAmount } from "../../../../src/bot/conversations/pair-and-amount.js";
import { currency, runStep, type StepOptions } from "../../../harness/step.js";

const btc = currency("btc");
const amount = (options?: StepOptions) => runStep((_conversation, ui) => askAmount(ui, btc), options);

describe("the amount step", () => {
  it("asks how much to send and returns a decimal amount as a string, every digit kept", async () => {
    const run = await amount();
    expect(run.last().text).toBe("How much BTC do you want to send? For example 0.5.");
    const turn = await run.send("0.12345678");
    expect(turn.sent).toEqual([]);
    expect(run.result).toBe("0.12345678");
  });

  it("reads grouped thousands and trailing zeros the one way they can be read", async () => {
    const run = await amount();
    await run.send("1 000.50");
    expect(run.result).toBe("1000.5");
  });

  it("takes a decimal comma from a person who writes one (Russian)", async () => {
    const run = await amount({ languageCode: "ru" });
    expect(run.last().text).toBe("Сколько BTC вы хотите отдать? Например, 0,5.");
    await run.send("0,25");
    expect(run.result).toBe("0.25");
  });

  it("refuses what is not an amount with the sentence that says why, and keeps waiting", async () => {
    const run = await amount();
    const said = async (text: string) => (await run.send(text)).sent.map((m) => m.text);
    expect(await said("abc")).toEqual(["That is not a number I can read. Type an amount like 0.5 or 1 000."]);
    expect(await said("1e5")).toEqual(["Please write the amount in full, without an exponent (not 1e5)."]);
    expect(await said("0")).toEqual(["The amount must be more than zero."]);
    expect(await said("-1")).toEqual(["The amount can't be negative."]);
    expect(await said("0.123456789")).toEqual(["Too many decimal places: I accept at most 8 digits after the decimal point or comma."]);
    expect(await said("1,000")).toEqual([
      "I can't tell whether the separator in 1,000 groups thousands or starts the decimals: people write both ways. Please write a whole number without a separator (1234), or a decimal with one more zero at the end (1.2340).",
    ]);
    expect(run.done).toBe(false);
    await run.send("2");
    expect(run.result).toBe("2");
  });

  it("reads “1.000” as one in English, but asks in a language that groups thousands with a dot", async () => {
    const english = await amount();
    await english.send("1.000");
    expect(english.result).toBe("1");

    const spanish = await amount({ languageCode: "es" });
    const turn = await spanish.send("1.000");
    expect(turn.sent.map((m) => m.text)).toEqual([
      "No sé si el separador de 1.000 agrupa los miles o marca los decimales: se escribe de las dos maneras. Escribe un número entero sin separador (1234) o un decimal con un cero más al final (1,2340).",
    ]);
    expect(spanish.done).toBe(false);
    await spanish.send("1000");
    expect(spanish.result).toBe("1000");
  });

  it("asks about “1.000” of a person spoken to in English whose app writes a thousand that way", async () => {
    const run = await amount({ language: "en", languageCode: "de" });
    const turn = await run.send("1.000");
    expect(turn.sent.map((m) => m.text)).toEqual([expect.stringMatching(/^I can't tell whether the separator in 1\.000 groups thousands/)]);
    expect(run.done).toBe(false);
  });
});
