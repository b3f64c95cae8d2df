import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { type GenerateTaskOptions, generateTask } from "../../generators/generate-task";
import { acts, by } from "./test-sentence";

const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
/** A task of the corpus by name: its held-out copy, else made from its spec. */
const task = (name: string): NaturalTask =>
  held[name] ?? (generateTask(corpus.tasks?.[name] as unknown as GenerateTaskOptions) as NaturalTask);
const manor = task("manor");

// Session 72: wrong acts and misses of wave 68 (fresh489-fresh492), each read after the wave was scored at arrival,
// in sentences of our own.
describe("a correction's slip remark naming the option the speaker mixed the row up with", () => {
  const b = by(manor);

  it("replaces the restated value, the option of the remark no cell of its own", () => {
    const earlier = "Earlier I put Doctor Finch's broken watch at 3. ";
    expect(acts(`${earlier}It's actually 0; I confused him with Lady Ashby.`, manor)).toEqual([
      b.share("Doctor Finch", "broken watch", 0),
    ]);
    expect(
      acts("Earlier I gave Miss Hartley's library key as 1. It's actually 2; I mixed her up with Lord Ashby.", manor),
    ).toEqual([b.share("Miss Hartley", "library key", 2)]);
  });

  it("keeps the restated value where no verb of mixing up comes before the option, or a level follows it", () => {
    const earlier = "Earlier I put Doctor Finch's broken watch at 3. ";
    for (const remark of ["I agree with Lady Ashby.", "I confused him with Lady Ashby at 2."])
      expect(acts(`${earlier}It's actually 0; ${remark}`, manor)).toContainEqual(
        b.share("Doctor Finch", "broken watch", 3),
      );
  });
});
