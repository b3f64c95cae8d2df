import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalVocabulary, renderCanonical, type Act } from "@cosir/env";
import { CanonicalTokenizer, SPECIAL_TOKENS } from "./canonical-tokenizer";

const tokenizer = CanonicalTokenizer.fromVocabulary();
const words = canonicalVocabulary();

describe("CanonicalTokenizer", () => {
  it("holds the specials then env's canonical vocabulary", () => {
    expect(tokenizer.size).toBe(SPECIAL_TOKENS.length + words.length);
    expect(tokenizer.word(tokenizer.sep)).toBe("<sep>");
    expect(tokenizer.id("SHARE")).toBe(SPECIAL_TOKENS.length);
  });

  it("round-trips any sequence of vocabulary words (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { maxLength: 60 }), (ws) => {
        const text = ws.join(" ");
        const ids = tokenizer.encode(text);
        expect(ids).not.toContain(tokenizer.unk);
        expect(tokenizer.decode(ids)).toBe(CanonicalTokenizer.split(text).join(" "));
        expect(tokenizer.encode(tokenizer.decode(ids))).toEqual(ids);
      }),
    );
  });

  it("round-trips rendered canonical messages exactly (property)", () => {
    const act: fc.Arbitrary<Act> = fc.oneof(
      fc.record({
        kind: fc.constant("share" as const),
        option: fc.nat(25),
        attribute: fc.nat(9),
        level: fc.integer({ min: 0, max: 64 }),
      }),
      fc.record({ kind: fc.constant("ask" as const), option: fc.nat(25), attribute: fc.nat(9) }),
      fc.record({ kind: fc.constant("ask" as const), option: fc.nat(25), attribute: fc.nat(9), to: fc.nat(15) }),
      fc.record({ kind: fc.constant("propose" as const), option: fc.nat(25) }),
      fc.constant({ kind: "pass" as const }),
    );
    fc.assert(
      fc.property(fc.array(act, { maxLength: 6 }), (acts) => {
        const text = renderCanonical(acts);
        expect(tokenizer.decode(tokenizer.encode(text))).toBe(text);
      }),
    );
  });

  it("maps unknown words to <unk> and counts them", () => {
    const t = CanonicalTokenizer.fromVocabulary();
    expect(t.encode("SHARE o1 banana 3 banana zz")).toEqual([
      t.id("SHARE"),
      t.id("o1"),
      t.unk,
      t.id("3"),
      t.unk,
      t.unk,
    ]);
    expect(t.unknownCount).toBe(3);
    expect(t.unknownWords.get("banana")).toBe(2);
    // special-token spellings in text are not specials
    expect(t.encode("<eos>")).toEqual([t.unk]);
  });

  it("splits ';' off words as env's parser does", () => {
    expect(CanonicalTokenizer.split("PASS;PROPOSE o1")).toEqual(["PASS", ";", "PROPOSE", "o1"]);
  });

  it("serialises to JSON and back", () => {
    const back = CanonicalTokenizer.fromJSON(JSON.parse(JSON.stringify(tokenizer.toJSON())));
    expect(back.words).toEqual(tokenizer.words);
    expect(() => CanonicalTokenizer.fromJSON({ ...tokenizer.toJSON(), version: 2 })).toThrow(/tokenizer.version/);
    expect(() => CanonicalTokenizer.fromJSON({ ...tokenizer.toJSON(), words: ["a", "a"] })).toThrow(/once/);
  });

  it("truncates long observations keeping the head with the own cells and the latest history", () => {
    const head = "AGENT A0 OF 3 OPTIONS 4 ATTRIBUTES 4 LEVELS 1 5 SUM SEE o0 a1 4 o2 a3 5 HISTORY";
    const messages = Array.from({ length: 30 }, (_, i) => `A${i % 3} : SHARE o${i % 4} a${i % 4} ${(i % 5) + 1}`);
    const text = `${head} ${messages.join(" | ")} ROUND 9 OF 10 SAY`;
    const ids = tokenizer.promptIds(text, 64);
    expect(ids.length).toBeLessThanOrEqual(64);
    expect(ids[0]).toBe(tokenizer.bos);
    expect(ids[ids.length - 1]).toBe(tokenizer.sep);
    const decoded = tokenizer.decode(ids);
    expect(decoded.startsWith(head)).toBe(true);
    expect(decoded.endsWith(`${messages[29]} ROUND 9 OF 10 SAY`)).toBe(true);
    // the tail starts on a whole message
    expect(decoded.slice(head.length + 1)).toMatch(/^A\d : /);
    // short observations are kept whole
    expect(tokenizer.decode(tokenizer.promptIds(`${head} ROUND 1 OF 2 SAY`, 64))).toBe(`${head} ROUND 1 OF 2 SAY`);
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 200 }), (budget) => {
        expect(tokenizer.promptIds(text, budget).length).toBeLessThanOrEqual(budget);
      }),
    );
  });
});
