import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { trailingRun } from "./parallel-repeat";
import type { NaturalTask } from "./sentence";
import { acts, share, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const theft = held.theft as NaturalTask;
const jobs = held.jobs as NaturalTask;

describe("trailingRun: the run of shares a repeat follows", () => {
  it("known answers", () => {
    expect(trailingRun([share(0, 1, 4), share(0, 2, 1)])).toEqual({ option: 0, attributes: [1, 2] });
    expect(trailingRun([share(0, 0, 3), share(1, 0, 1)])).toEqual({ attribute: 0, options: [0, 1] });
    // the longest run at the end; a proposal after the shares ends it; one share is no run
    expect(trailingRun([share(2, 2, 1), share(0, 1, 4), share(0, 2, 1)])).toEqual({ option: 0, attributes: [1, 2] });
    expect(trailingRun([share(0, 1, 4), share(0, 2, 1), { kind: "propose", option: 0 }])).toBeNull();
    expect(trailingRun([share(0, 1, 4)])).toBeNull();
    expect(trailingRun([share(0, 1, 4), share(0, 1, 2)])).toBeNull();
  });
});

describe("the parallel repeat (parallel-repeat.ts)", () => {
  it("reads another option's (or attribute's) levels in the run's order (corpus shapes, session 60)", () => {
    expect(acts("Onions, then rice bags, on Shelf A: 4 and 1. Shelf B, same order: 0 and 3.", pantry)).toEqual([
      share(0, 1, 4),
      share(0, 2, 1),
      share(1, 1, 0),
      share(1, 2, 3),
    ]);
    expect(
      acts("Apples: 3 on Shelf A, 1 on Shelf B. Rice bags follow the same shelf order — 0 and 4.", pantry),
    ).toEqual([share(0, 0, 3), share(1, 0, 1), share(0, 2, 0), share(1, 2, 4)]);
    expect(acts("Phone records / email records, Employee D: 1 / 1. Employee B: 0 / 1.", theft)).toEqual([
      share(3, 5, 1),
      share(3, 3, 1),
      share(1, 5, 0),
      share(1, 3, 1),
    ]);
    expect(acts("Experience / teamwork for A: 2 / 5, and for C: 4 / 3.", jobs)).toEqual([
      share(0, 0, 2),
      share(0, 3, 5),
      share(2, 0, 4),
      share(2, 3, 3),
    ]);
  });

  it("'<name> both at N' / '<name>: N for both' gives the run's names one level (fresh206, read after its clean score)", () => {
    const run = [share(0, 2, 3), share(1, 2, 1)];
    expect(acts("Rice bags: Shelf A three, Shelf B one. Apples both at 2.", pantry)).toEqual([
      ...run,
      share(0, 0, 2),
      share(1, 0, 2),
    ]);
    expect(acts("Rice bags: Shelf A three, Shelf B one. Onions: zero for both of them.", pantry)).toEqual([
      ...run,
      share(0, 1, 0),
      share(1, 1, 0),
    ]);
    // "both" after a run of three names, or a hedge: nothing
    const three = "Cakes sold: Stall A 1, Stall B 0, Stall C 2.";
    expect(acts(`${three} Raffle tickets both at 1.`, stalls)).toEqual([
      share(0, 0, 1),
      share(1, 0, 0),
      share(2, 0, 2),
    ]);
    expect(acts("Rice bags: Shelf A three, Shelf B one. Apples both at maybe 2.", pantry)).toEqual(run);
  });

  it("reads nothing where the count of levels differs, the name is no name, or a level is refused", () => {
    const run = [share(0, 1, 4), share(0, 2, 1)];
    expect(acts("Onions, then rice bags, on Shelf A: 4 and 1. Shelf B, same order: 0, 3 and 2.", pantry)).toEqual(run);
    expect(
      acts("Onions, then rice bags, on Shelf A: 4 and 1. Shelf B goes apples then onions, 0 then 3.", pantry),
    ).toEqual(run);
    expect(acts("Onions, then rice bags, on Shelf A: 4 and 1. Shelf B, same order: 0 and 30.", pantry)).toEqual(run);
    expect(acts("Onions, then rice bags, on Shelf A: 4 and 1. Maybe Shelf B, same order: 0 and 3.", pantry)).toEqual(
      run,
    );
  });

  it("'<O>'s <A1> and <A2> are L1 and L2. <P>, same order: M1 and M2.' gives both runs (property, stalls)", () => {
    const { options, attributes } = stalls.domain;
    const level = fc.integer({ min: -2, max: 2 });
    fc.assert(
      fc.property(
        fc.nat(3),
        fc.nat(3),
        fc.nat(3),
        fc.nat(3),
        level,
        level,
        level,
        level,
        (o, p, a, b, l1, l2, m1, m2) => {
          fc.pre(o !== p && a !== b);
          const [O, P, A, B] = [options[o], options[p], attributes[a], attributes[b]];
          const expected = [share(o, a, l1), share(o, b, l2), share(p, a, m1), share(p, b, m2)];
          expect(acts(`${O}, ${A} then ${B}: ${l1} and ${l2}. ${P}, same order: ${m1} and ${m2}.`, stalls)).toEqual(
            expected,
          );
          // the oracle: the four cells said plainly
          expect(
            acts(`${O}'s ${A} is ${l1}. ${O}'s ${B} is ${l2}. ${P}'s ${A} is ${m1}. ${P}'s ${B} is ${m2}.`, stalls),
          ).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});
