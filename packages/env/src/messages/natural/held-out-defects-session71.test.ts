import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, by } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const bigTeam = held.bigTeam as NaturalTask;
const theft = held.theft as NaturalTask;

// Session 71: misses and wrong acts of waves 65-66 (fresh477-fresh484), each read after its wave was scored at
// arrival, in sentences of our own.
describe("an attribute announced in a sentence of its own, its levels in the next", () => {
  const b = by(bigTeam);

  it("reads the levels of the next sentence, which names no attribute, as the announced attribute's", () => {
    expect(
      acts("Finished my pass over value for money! Restaurants A and C got 3 and 5 respectively.", bigTeam),
    ).toEqual([b.share("Restaurant A", "value for money", 3), b.share("Restaurant C", "value for money", 5)]);
    expect(
      acts("Went through cleanliness. Restaurant B is a solid 4, while Restaurant F only gets a 2.", bigTeam),
    ).toEqual([b.share("Restaurant B", "cleanliness", 4), b.share("Restaurant F", "cleanliness", 2)]);
  });

  it("takes nothing after a need, a question, another agent's column, a doubt or two attributes", () => {
    const next = " Restaurants A and C got 3 and 5 respectively.";
    for (const before of [
      "I still need value for money.",
      "Who has value for money?",
      "Agent 2 has value for money.",
      "I think I have value for money.",
      "I have value for money and service.",
      "I don't have value for money.",
    ])
      expect(acts(before + next, bigTeam).filter((a) => a.kind === "share")).toEqual([]);
  });

  it("reads only the sentence right after the announcement, and never a sentence naming an attribute of its own", () => {
    expect(
      acts(
        "Checked the email records! Nice work so far. Employees A and B come out 0 and 1 respectively.",
        theft,
      ).filter((a) => a.kind === "share"),
    ).toEqual([]);
    const t = by(theft);
    // the second sentence names its own attribute: the announced one is not put on it
    expect(acts("Checked the email records! Employees A and B have badge log 0 and 1 respectively.", theft)).toEqual([
      t.share("Employee A", "badge log", 0),
      t.share("Employee B", "badge log", 1),
    ]);
  });

  it("reads any attribute's announced levels as the sentence led by 'For <attribute>,' does (the oracle)", () => {
    const { options, attributes } = bigTeam.domain;
    fc.assert(
      fc.property(
        fc.nat(attributes.length - 1),
        fc.uniqueArray(fc.nat(options.length - 1), {
          minLength: 2,
          maxLength: 3,
        }),
        fc.array(fc.integer({ min: 1, max: 5 }), {
          minLength: 3,
          maxLength: 3,
        }),
        fc.constantFrom("Just finished going through", "I have", "Happy to fill in", "Checked"),
        (a, os, levels, lead) => {
          const names = os.map((o) => options[o] as string);
          const list = `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
          const values = `${os
            .slice(0, -1)
            .map((_, n) => levels[n])
            .join(", ")} and ${levels[os.length - 1]}`;
          const next = `${list} got ${values} respectively.`;
          const oracle = acts(`For ${attributes[a]}, ${next}`, bigTeam);
          expect(oracle).toEqual(
            os.map((o, n) => b.share(options[o] as string, attributes[a] as string, levels[n] as number)),
          );
          expect(acts(`${lead} ${attributes[a]}! ${next}`, bigTeam)).toEqual(oracle);
          // without the announcement the sentence reads nothing
          expect(acts(next, bigTeam).filter((x) => x.kind === "share")).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
