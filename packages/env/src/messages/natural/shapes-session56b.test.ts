import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { acts, propose, share } from "./test-sentence";

// Session 56, second tuner: the shapes of fresh181 (number forms, proposals) and fresh183 (hedges, addressed
// questions, reported claims), written before these rules, each read by a rule with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const bigTeam = held.bigTeam as NaturalTask;
const pantry = held.pantry as NaturalTask;
const pass = { kind: "pass" };

describe("proposals and passes", () => {
  it('"I\'d been leaning toward B earlier, but ...": the past perfect is a leaning given up (a wrong act)', () => {
    expect(
      acts(
        "Count me in for Restaurant F. I'd been leaning toward B earlier, but F's food quality is a 5 and B can't match that.",
        bigTeam,
      ),
    ).toEqual([propose(5), share(5, 0, 5)]);
    expect(acts("I'd been leaning toward Restaurant B.", bigTeam)).toEqual([pass]);
    // "I'd lean toward" (would) and "I've been leaning toward" (still so) propose
    expect(acts("I'd lean toward Restaurant B.", bigTeam)).toEqual([propose(1)]);
  });

  it('"Sticking with Restaurant B.": keeping a choice chooses it', () => {
    expect(acts("Sticking with Restaurant B. No further info from me.")).toEqual([propose(1), pass]);
    expect(acts("Staying with Restaurant B.")).toEqual([propose(1)]);
    // a condition or a question keeps it unproposed
    expect(acts("If we stick with Restaurant B, we lose on service.")).toEqual([pass]);
    expect(acts("Should we stick with Restaurant B?")).toEqual([pass]);
  });

  it('"That\'s everything I\'ve got — over to you.": "I\'ve got" as the speaker\'s holding', () => {
    expect(acts("Shelf B: 1 rice bag. That's everything I've got — over to you.", pantry)).toEqual([
      share(1, 2, 1),
      pass,
    ]);
    // a pass read, not a failed parse (which also lists a pass)
    expect(parseNatural("That's all I've got.", pantry).error).toBeUndefined();
    // a scope after it narrows it to one topic: no pass
    expect(parseNatural("That's all I've got on Shelf B.", pantry).error).toBeDefined();
  });
});
