import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { optionLabels, parseVote } from "./parse-vote";
import { firstJsonBlock, readVote, stripThinking } from "./read-vote";

const city = ["West City", "East Town", "North Hill"];
const lettered = ["Northern Ridge Hall (Site A)", "St. Brigid's Gym (Site B)", "Old Mill Warehouse (Site C)"];
const numbered = ["1. Harbor Depot", "2. Quarry Yard", "3. Airfield", "4. Ferry Terminal"];

/**
 * An independent transcription of the original's utils.py `extract_json` + `json.loads` (a bracket stack
 * over the text with newlines removed), for small cases.
 */
function oracleExtract(input: string): unknown {
  const s = input.split("\n").join("");
  const stack: string[] = [];
  const starts: number[] = [];
  for (let pos = 0; pos < s.length; pos++) {
    const ch = s.charAt(pos);
    if ("{[".includes(ch)) {
      stack.push(ch);
      if (stack.length === 1) starts.push(pos);
    } else if ("}]".includes(ch)) {
      if (stack.length === 0) return undefined; // ValueError: unexpected
      const last = stack.pop();
      if ((last === "{" && ch !== "}") || (last === "[" && ch !== "]")) return undefined; // mismatched
      if (stack.length === 0) {
        try {
          return JSON.parse(s.slice(starts.pop(), pos + 1));
        } catch {
          return undefined;
        }
      }
    }
  }
  return undefined;
}

describe("firstJsonBlock", () => {
  it("agrees with a transcription of the original's extract_json on random texts of brackets and words", () => {
    const piece = fc.constantFrom("{", "}", "[", "]", '"vote"', ":", '"x"', ",", " ", "\n", "1", "hi", '"a}"');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (parts) => {
        const text = parts.join("");
        expect(firstJsonBlock(text)).toEqual(oracleExtract(text));
      }),
    );
  });

  it("takes the first block, not the last; a stray closing bracket first means no JSON", () => {
    expect(firstJsonBlock('{"vote": "A"} then {"vote": "B"}')).toEqual({ vote: "A" });
    expect(firstJsonBlock('oops } {"vote": "A"}')).toBeUndefined();
    expect(firstJsonBlock('{"vote": "West\nCity"}')).toEqual({ vote: "WestCity" });
  });
});

describe("stripThinking", () => {
  it("removes closed blocks, drops a cut-off one, and what comes before a lone closing tag", () => {
    expect(stripThinking('<think>{"vote": "X"}</think>{"vote": "Y"}')).toBe('{"vote": "Y"}');
    expect(stripThinking("<think>I think the answer is West City but let me reconsider")).toBe("");
    expect(stripThinking('ramble</think> {"vote": "Y"}')).toBe(' {"vote": "Y"}');
    fc.assert(
      fc.property(fc.string(), fc.string(), (inside, after) => {
        const clean = (x: string) => x.replace(/<\/?think>/gi, "");
        expect(stripThinking(`<think>${clean(inside)}</think>${clean(after)}`)).toBe(clean(after));
        expect(stripThinking(`${clean(after)}<think>${clean(inside)}`)).toBe(clean(after));
      }),
    );
  });
});

describe("readVote, original reader", () => {
  it("counts exactly the JSON vote string: any other spelling is a vote for no option, still a plurality key", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(city, lettered, numbered),
        fc.nat(),
        fc.string(),
        fc.string(),
        (answers, k, prose, rationale) => {
          const name = answers[k % answers.length] as string;
          // brackets count even inside strings in the original's extract_json, and "<" could open a <think>
          const plain = (x: string) => x.replace(/[{}[\]<\n]/g, "");
          const reply = `${plain(prose)}${JSON.stringify({ vote: name, rationale: plain(rationale) })}`;
          const exact = readVote(reply, answers, "original");
          expect(exact).toEqual({ json: true, key: name, option: k % answers.length });
          const lower = readVote(JSON.stringify({ vote: name.toLowerCase() }), answers, "original");
          expect(lower.json).toBe(true);
          expect(lower.key).toBe(name.toLowerCase());
          expect(lower.option).toBe(
            answers.indexOf(name.toLowerCase()) >= 0 ? answers.indexOf(name.toLowerCase()) : null,
          );
        },
      ),
    );
  });

  it("the first JSON block decides, the prose never does, and thinking is never read", () => {
    expect(readVote('{"vote": "West City"} {"vote": "East Town"}', city, "original").option).toBe(0);
    expect(readVote("I vote for West City.", city, "original")).toEqual({ json: false, key: null, option: null });
    expect(readVote('{"rationale": "no vote"}', city, "original").json).toBe(false);
    expect(readVote('[{"vote": "West City"}]', city, "original").json).toBe(false);
    expect(readVote('{"vote": 3}', city, "original")).toEqual({ json: true, key: "3", option: null });
    expect(readVote("<think>I think the answer is West City but let me reconsider", city, "original").json).toBe(false);
    expect(readVote('<think>{"vote": "East Town"}</think>{"vote": "North Hill"}', city, "original").option).toBe(2);
  });
});

describe("readVote, tolerant reader", () => {
  it("maps letters and 'Option X' when the options are lettered or numbered", () => {
    expect(optionLabels(lettered)).toEqual(["a", "b", "c"]);
    expect(optionLabels(numbered)).toEqual(["1", "2", "3", "4"]);
    expect(optionLabels(city)).toBeNull();
    for (const reply of ["I'm going with Option C.", '{"vote": "C"}', "My final answer: C", "Site C", "(C)"])
      expect(readVote(reply, lettered, "tolerant").option).toBe(2);
    expect(readVote("My final answer: 2.", numbered, "tolerant").option).toBe(1);
    expect(readVote('{"vote": "Option 4"}', numbered, "tolerant").option).toBe(3);
    // unlettered options: a letter names nothing; a lower-case "a" is a word
    expect(readVote('{"vote": "C"}', city, "tolerant").option).toBeNull();
    expect(readVote("I'm going with a hunch: West City.", city, "tolerant").option).toBe(0);
    expect(readVote("I vote for a while longer", lettered, "tolerant").option).toBeNull();
  });

  it("property: any label, in any of the forms, reads as its option; the original reader reads none of the prose forms", () => {
    const forms = [
      (l: string) => `I'm going with Option ${l}.`,
      (l: string) => JSON.stringify({ vote: l, rationale: "because" }),
      (l: string) => `After all that, my final answer: ${l}`,
      (l: string) => `I choose option ${l.toLowerCase()} because it is safest.`,
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.boolean(),
        fc.nat(),
        fc.nat(forms.length - 1),
        (n, digits, pick, f) => {
          const labels = Array.from({ length: n }, (_, i) => (digits ? String(i + 1) : String.fromCharCode(65 + i)));
          const answers = labels.map((l, i) => (digits ? `${l}. Place number ${i}` : `Place ${i} (${l})`));
          const k = pick % n;
          const reply = (forms[f] as (l: string) => string)(labels[k] as string);
          expect(readVote(reply, answers, "tolerant").option).toBe(k);
          expect(parseVote(reply, answers)).toBe(k);
          if (f !== 1) expect(readVote(reply, answers, "original").option).toBeNull();
        },
      ),
    );
  });
});
