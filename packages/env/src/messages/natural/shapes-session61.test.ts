import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, fence, manor, propose, share } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const pass = { kind: "pass" } as const;

// Session 61's corpus-only rules (issue 26), each from a corpus miss or wrong act; fresh207 and fresh208 were read
// this session, the wave fresh209-fresh212 never while these were written.
describe("session 61 shapes", () => {
  it("'your <cell> of N' inside a clause is the addressee's figure, not the speaker's (fresh208)", () => {
    const disputed = "Agent 4, I think your Restaurant D wait time of 5 is off — my table has D's wait time at 2.";
    expect(acts(disputed, bigTeam)).toEqual([share(3, 7, 2)]);
    // a question with "your" still asks; "your" opening a clause the speaker confirms still shares
    expect(acts("Agent 2, what's your figure for Restaurant D's wait time?", bigTeam)).toEqual([ask(3, 7, 1)]);
    expect(acts("Your Restaurant D wait time of 5 matches mine.", bigTeam)).toEqual([share(3, 7, 5)]);
  });

  it("'they had X at N' after an agent named in the sentence is that agent's word (fresh196)", () => {
    const text =
      "Building on what Agent 3 shared: they had B's food quality at 5. Restaurant A's value for money is 4 here.";
    expect(acts(text, profile)).toEqual([share(0, 3, 4)]);
    // the same sentence's other agent-free clause is still the speaker's
    expect(acts("Building on what Agent 3 shared: Restaurant B's food quality is 5.", profile)).toEqual([
      share(1, 0, 5),
    ]);
  });

  it("'tops out at N' states a level (fresh189, fresh190)", () => {
    expect(acts("Tomas's calendar tops out at 2 for Monday morning.", calls)).toEqual([share(0, 3, 2)]);
    expect(acts("Omar's calendar on Monday evening tops out at 2 — he's wide open.", calls)).toEqual([share(2, 1, 2)]);
  });

  it("YAML levels under a share group belong to the one option a plain field beside it names (fresh107)", () => {
    const owned = fence("suspect: Miss Hartley\nevidence:\n  poison bottle: 2\n  broken watch: 0\nvote: Miss Hartley");
    expect(acts(owned, manor)).toEqual([share(3, 3, 2), share(3, 4, 0), propose(3)]);
    // two options named beside the group, or only a vote: whose levels they are is not said
    expect(acts(fence("suspect: Miss Hartley\nalibi: Doctor Finch\nevidence:\n  poison bottle: 2"), manor)).toEqual([
      pass,
    ]);
    expect(acts(fence("evidence:\n  poison bottle: 2\nvote: Miss Hartley"), manor)).toEqual([propose(3)]);
  });

  it("a block after a line reacting to another agent is the speaker's own; after one crediting it, not (fresh137)", () => {
    const block = fence("shares:\n  - shelf: Shelf B\n    item: onions\n    count: 0");
    expect(acts(`Building on Agent 2's apple count:\n${block}`, pantry)).toEqual([share(1, 1, 0)]);
    expect(acts(`Adding to Agent 2's list:\n${block}`, pantry)).toEqual([share(1, 1, 0)]);
    expect(acts(`Agent 2's counts:\n${block}`, pantry)).not.toContainEqual(share(1, 1, 0));
  });

  it("a question in words as a YAML list item is read as a question (fresh125)", () => {
    const text = fence(
      "shares:\n  - shelf: Shelf B\n    item: onions\n    count: 0\nquestions:\n  - How many rice bags are on Shelf A?",
    );
    expect(acts(text, pantry)).toEqual([share(1, 1, 0), ask(0, 2)]);
  });

  it("a paired list keeps its order past a later clause of 'nobody had' / 'nothing on', not past a doubt (fresh160, fresh176)", () => {
    const pair = [share(0, 4, 4), share(1, 4, 3)];
    expect(
      acts("My cleanliness figures for A and B are 4 and 3 respectively; I've got nothing on C's.", bigTeam),
    ).toEqual(pair);
    expect(
      acts("Cleanliness for Restaurant C and Restaurant E is 4 and 5 respectively, which nobody had yet.", bigTeam),
    ).toEqual([share(2, 4, 4), share(4, 4, 5)]);
    for (const doubt of [
      ", though nobody should quote me on the order.",
      ", nothing certain.",
      ", or the other way round.",
    ])
      expect(acts(`Cleanliness for A and B is 4 and 3 respectively${doubt}`, bigTeam)).not.toContainEqual(
        share(0, 4, 4),
      );
  });
});
