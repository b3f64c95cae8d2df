import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { attributeOwners } from "../natural-matchers";
import { personPronouns } from "./person-pronouns";
import type { NaturalTask } from "./sentence";

const meetings = (loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>).meetings as NaturalTask;

/** The first version (session 67), the oracle: it scans the whole text before each pronoun, so it is quadratic. */
function slowPersonPronouns(text: string, task: NaturalTask): string {
  const names = [...attributeOwners(task.domain).keys()];
  if (names.length === 0 || !/\b(?:she|he|him|her)\b/i.test(text)) return text;
  const pronoun = /\b(?:(she|he)(?:'s|’s|\s+is|\s+was)|(from|for)\s+(him|her))\b/gi;
  return text.replace(pronoun, (match, subject: string | undefined, lead: string | undefined, ...rest: unknown[]) => {
    const at = rest.find((r) => typeof r === "number") as number;
    const stop = text.slice(at).search(/[.!?\n]/);
    const start = Math.max(...[".", "!", "?", "\n"].map((c) => text.lastIndexOf(c, at))) + 1;
    if (
      !/(?:^|[^\w])(?:-?\d|zero|one|two|three|four|five)\b/i.test(text.slice(start, stop < 0 ? text.length : at + stop))
    )
      return match;
    const stops = [...text.slice(0, at).matchAll(/[.!?\n]/g)].map((m) => m.index);
    const from = stops.length >= 2 ? (stops[stops.length - 2] as number) + 1 : 0;
    const window = text.slice(from, at).toLowerCase();
    if (/\bagents?\b/.test(window)) return match;
    const found = names.filter((n) => new RegExp(`\\b${n}\\b`).test(window));
    if (found.length !== 1) return match;
    const name = found[0] as string;
    const shown = name.charAt(0).toUpperCase() + name.slice(1);
    return subject !== undefined ? `${shown} ${/was$/i.test(match) ? "was" : "is"}` : `${lead} ${shown}`;
  });
}

describe("personPronouns", () => {
  it("replaces the pronoun by the one person named before it, as the first version did", () => {
    expect(personPronouns("I only have Erin: she's 0 at Monday 2pm.", meetings)).toBe(
      "I only have Erin: Erin is 0 at Monday 2pm.",
    );
    expect(personPronouns("Bob is out Monday 9am. He's a 1 for Monday 11am.", meetings)).toBe(
      "Bob is out Monday 9am. Bob is a 1 for Monday 11am.",
    );
    // two people, an agent, or no level in the pronoun's sentence: left as it is
    for (const text of ["Bob and Erin: she's 0 at Monday 2pm.", "Agent 2 has Bob. He's 1.", "Bob. He's busy then."])
      expect(personPronouns(text, meetings)).toBe(text);
  });

  it("reads any text of names, agents, pronouns, levels and stops as the first version does (the oracle)", () => {
    const pieces = [
      "Alice",
      "bob",
      "CAROL",
      "Dan's",
      "erin",
      "Agent 2",
      "agents",
      "she's",
      "He is",
      "he was",
      "from him",
      "for her",
      "her",
      "1",
      "-2",
      "zero",
      "Five",
      "12",
      "Monday 2pm",
      ".",
      "!",
      "?",
      "\n",
      " ",
      " ",
      ", ",
      "K",
      "\u212a",
      "İ",
      "Σ",
      "x",
      "agentK",
      "\u212ahe is 1",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        expect(personPronouns(text, meetings)).toBe(slowPersonPronouns(text, meetings));
      }),
      { numRuns: 3000 },
    );
  });

  it("stays linear in the text however many pronouns it holds (a ratio of CPU times, no wall-clock bound)", () => {
    const time = (text: string): number => {
      let best = Number.POSITIVE_INFINITY;
      for (let r = 0; r < 5; r++) {
        const t0 = process.cpuUsage();
        personPronouns(text, meetings);
        const used = process.cpuUsage(t0);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      return best;
    };
    for (const unit of ["he is 1 ", "Erin. he is 1 ", "Erin, Bob and Agent 2 from him five "]) {
      const small = unit.repeat(Math.ceil(6_000 / unit.length));
      const large = unit.repeat(Math.ceil(60_000 / unit.length));
      time(small); // warm up
      // linear = 10; the first version's ratio here was over 60 (quadratic = 100)
      expect(time(large) / Math.max(time(small), 0.5)).toBeLessThan(30);
    }
  }, 60_000);
});
