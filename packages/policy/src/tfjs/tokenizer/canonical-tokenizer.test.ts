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

describe("CanonicalTokenizer cell words", () => {
  const cells = tokenizer.withCellWords(8, 8);
  const cellWord = (k: number, m: number) => `o${k}.a${m}`;

  it("appends one word per cell after the old vocabulary, every old id keeping its word", () => {
    expect(cells.size).toBe(tokenizer.size + 64);
    for (const w of words) expect(cells.id(w)).toBe(tokenizer.id(w));
    expect(cells.word(tokenizer.size)).toBe("o0.a0");
    expect(cells.word(tokenizer.size + 63)).toBe("o7.a7");
    expect(cells.cellWords).toBe(true);
    expect(tokenizer.cellWords).toBe(false);
  });

  it("reads a cell inside the bounds as one word and one outside as two, wherever it stands", () => {
    const text =
      "SEE o0 a1 4 o7 a7 2 o8 a1 3 o2 a9 1 HISTORY A0 : SHARE o1 a2 4 ; ASK o3 a0 @2 | A1 : PROPOSE o2 ; CHOOSE o1";
    const got = cells.encode(text).map((id) => cells.word(id));
    expect(got).toEqual([
      "SEE",
      cellWord(0, 1),
      "4",
      cellWord(7, 7),
      "2",
      "o8",
      "a1",
      "3",
      "o2",
      "a9",
      "1",
      "HISTORY",
      "A0",
      ":",
      "SHARE",
      cellWord(1, 2),
      "4",
      ";",
      "ASK",
      cellWord(3, 0),
      "@2",
      "|",
      "A1",
      ":",
      "PROPOSE",
      "o2",
      ";",
      "CHOOSE",
      "o1",
    ]);
    expect(cells.decode(cells.encode(text))).toBe(text);
  });

  it("decodes to the env's text and re-encodes to the same ids (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { maxLength: 60 }), (ws) => {
        const text = ws.join(" ");
        const ids = cells.encode(text);
        expect(ids).not.toContain(cells.unk);
        expect(cells.decode(ids)).toBe(CanonicalTokenizer.split(text).join(" "));
        expect(cells.encode(cells.decode(ids))).toEqual(ids);
        // against a simpler oracle: a pair o<k> a<m> with k, m < 8 is one id, every other word its own
        let expected = 0;
        for (let i = 0; i < ws.length; i++) {
          const pair = /^o([0-7])$/.test(ws[i]!) && /^a([0-7])$/.test(ws[i + 1] ?? "");
          expected++;
          if (pair) i++;
        }
        expect(ids.length).toBe(expected);
      }),
    );
  });

  it("takes any sampled ids, cell words and loose halves alike, to words the env reads", () => {
    const ids = [cells.id("SHARE")!, cells.id("o2")!, cells.id("a1")!, cells.id("3")!, cells.id(";")!];
    ids.push(cells.id("ASK")!, cells.id(cellWord(4, 5))!, cells.eos);
    expect(cells.decode(ids)).toBe("SHARE o2 a1 3 ; ASK o4 a5");
  });

  it("keeps cellWords through JSON, and a checkpoint's tokenizer without the field reads as before", () => {
    const json = cells.toJSON();
    expect(json.cellWords).toBe(true);
    const back = CanonicalTokenizer.fromJSON(JSON.parse(JSON.stringify(json)));
    expect(back.cellWords).toBe(true);
    expect(back.encode("SHARE o1 a2 4")).toEqual(cells.encode("SHARE o1 a2 4"));
    expect("cellWords" in tokenizer.toJSON()).toBe(false);
    // the same words without the flag: a cell is two words, as every base made before cell words reads it
    const plain = CanonicalTokenizer.fromJSON({ ...json, cellWords: undefined });
    expect(plain.encode("SHARE o1 a2 4").length).toBe(4);
    expect(() => CanonicalTokenizer.fromJSON({ ...json, cellWords: "yes" })).toThrow(/tokenizer\.cellWords/);
  });

  it("refuses bounds the vocabulary cannot hold, naming the field and the value", () => {
    expect(() => tokenizer.withCellWords(0, 4)).toThrow(/options.*0/);
    expect(() => tokenizer.withCellWords(4, 11)).toThrow(/attributes.*a10.*11/);
    expect(() => tokenizer.withCellWords(2.5, 4)).toThrow(/options/);
  });

  it("keeps the truncation rule: the head with its own cells, the latest messages (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 12, max: 60 }), fc.nat(20), (budget, n) => {
        const history = Array.from({ length: n }, (_, i) => `A${i % 3} : SHARE o${i % 4} a${i % 2} ${i % 5}`);
        const text = `AGENT A0 OF 3 SEE o0 a1 4 o2 a0 5 HISTORY ${history.join(" | ")} ROUND 1 OF 2 SAY`;
        const ids = cells.promptIds(text, budget);
        expect(ids.length).toBeLessThanOrEqual(budget);
        expect(ids.slice(-2)).toEqual([cells.id("SAY"), cells.sep]);
        expect(cells.decode(ids).startsWith("AGENT A0")).toBe(true);
      }),
    );
  });
});
