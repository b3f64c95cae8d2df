import { describe, expect, it } from "vitest";
import { loadNaturalCorpus, scoreNaturalCorpus } from "../../bench/score-natural-corpus.mjs";
import { generateTask } from "../generators/generate-task";
import { parseNatural } from "./parse-natural";

describe("natural surface on the labelled corpus (fixtures/natural-corpus.json)", () => {
  const corpus = loadNaturalCorpus();
  const score = scoreNaturalCorpus(corpus, { parse: parseNatural, generateTask });

  it("holds at least 300 messages across the built-in domains and held-out families", () => {
    expect(score.messages).toBeGreaterThanOrEqual(300);
    const families = new Set(Object.values(corpus.tasks).map((t) => t.family));
    for (const family of [
      "heldout.hiddenProfile",
      "heldout.weightedDecision",
      "heldout.meetingScheduling",
      "heldout.whodunit",
      "heldout.arithmetic",
      "heldout.bigTeam",
      "heldout.asymmetricExpertise",
    ])
      expect(families).toContain(family);
  });

  it("never takes an act a careful reader would not (precision exactly 1)", () => {
    expect(score.wrong).toEqual([]);
    expect(score.precision).toBe(1);
  });

  it("takes at least 95% of the labelled acts (recall reported)", () => {
    console.log(
      `natural corpus: ${score.messages} messages, ${score.labelled} labelled acts, precision ${score.precision.toFixed(4)}, recall ${score.recall.toFixed(4)}`,
    );
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
  });
});
