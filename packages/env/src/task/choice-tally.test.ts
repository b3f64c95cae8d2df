import { applyClaim, createBeliefs, mapAnswer, observeCell } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseChoice } from "../messages/parse-choice";
import { renderTally } from "../messages/render-tally";
import { randomTask } from "../generators/random-task";
import { choiceTally } from "./choice-tally";
import { decisionModelForTask } from "./decision-model-for-task";
import { publicTask } from "./public-task";

const taskOf = (seed: number, options = 4, attributes = 2) =>
  publicTask(randomTask({ seed, options, attributes, agents: 3, visibility: 0.2 }));

describe("choiceTally", () => {
  it("is four times the weighted sum when every cell is known (known answer)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (seed) => {
        const full = randomTask({ seed, options: 3, attributes: 3 });
        const t = publicTask(full);
        const b = createBeliefs({ cells: 9, levels: t.levels, prior: t.prior });
        full.table.forEach((row, k) => row.forEach((v, m) => observeCell(b, k * 3 + m, v)));
        expect(choiceTally(t, b)).toEqual(
          full.table.map((row) => row.reduce((s, v, m) => s + 4 * v * t.weights[m]!, 0)),
        );
      }),
    );
  });

  it("counts an unknown cell as its prior mean plus a quarter point, a claimed one as its level", () => {
    const t = taskOf(3);
    const b = createBeliefs({ cells: 8, levels: t.levels, prior: t.prior });
    expect(choiceTally(t, b)).toEqual([26, 26, 26, 26]);
    applyClaim(b, 2, 5, t.noise);
    observeCell(b, 7, 1);
    expect(choiceTally(t, b)).toEqual([26, 20 + 13, 26, 13 + 4]);
  });

  it("matches a from-scratch recount on random evidence (oracle)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.tuple(fc.nat(7), fc.integer({ min: 1, max: 5 }), fc.boolean()), { maxLength: 12 }),
        (seed, events) => {
          const t = taskOf(seed);
          const b = createBeliefs({ cells: 8, levels: t.levels, prior: t.prior });
          // Oracle: each cell's pmf from scratch (prior x claim likelihoods, or the first own observation).
          const pmfs = Array.from({ length: 8 }, () => [1, 1, 1, 1, 1]);
          const observed = new Set<number>();
          for (const [cell, level, own] of events) {
            if (observed.has(cell)) continue;
            if (own) {
              observeCell(b, cell, level);
              observed.add(cell);
              pmfs[cell] = [1, 2, 3, 4, 5].map((v) => (v === level ? 1 : 0));
            } else {
              applyClaim(b, cell, level, t.noise);
              pmfs[cell] = pmfs[cell]!.map((p, j) => p * (j + 1 === level ? 1 - t.noise : t.noise / 4));
            }
          }
          const value = (cell: number): number => {
            const pmf = pmfs[cell]!;
            const total = pmf.reduce((s, p) => s + p, 0);
            const best = Math.max(...pmf);
            return best / total >= 0.5 ? 4 * (pmf.indexOf(best) + 1) : 13;
          };
          const recount = Array.from({ length: 4 }, (_, k) => value(k * 2) + value(k * 2 + 1));
          expect(choiceTally(t, b)).toEqual(recount);
        },
      ),
    );
  });

  it("its argmax mostly equals the MAP of the same evidence (the figure the docs quote)", () => {
    let agree = 0;
    let n = 0;
    for (let seed = 0; seed < 300; seed++) {
      const full = randomTask({ seed, options: 4, attributes: 2, agents: 3, visibility: 0.2 });
      const t = publicTask(full);
      for (const cells of full.visibility) {
        const b = createBeliefs({ cells: 8, levels: t.levels, prior: t.prior });
        for (const c of cells) observeCell(b, c, full.table[Math.floor(c / 2)]![c % 2]!);
        const tally = choiceTally(t, b)!;
        const best = tally.indexOf(Math.max(...tally));
        if (best === mapAnswer(decisionModelForTask(t).posterior(b).pmf)) agree++;
        n++;
      }
    }
    expect(agree / n).toBeGreaterThan(0.93);
  });

  it("is null where a tally means nothing (min aggregate)", () => {
    const t = publicTask(randomTask({ seed: 1, aggregate: "min", levels: [0, 1] }));
    expect(choiceTally(t, createBeliefs({ cells: t.options * t.attributes, levels: t.levels }))).toBeNull();
  });
});

describe("renderTally and parseChoice", () => {
  it("round-trip: the choice after the scratchpad is read", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 64 }), { minLength: 1, maxLength: 8 }), fc.nat(), (tally, k) => {
        const t = taskOf(1, tally.length < 2 ? 2 : tally.length);
        const full = tally.length < 2 ? [...tally, 0] : tally;
        const choice = k % full.length;
        expect(parseChoice(renderTally(full, choice), "canonical", t)).toEqual({ choice });
      }),
    );
  });

  it("refuses malformed scratchpads without throwing", () => {
    const t = taskOf(1);
    for (const text of [
      "TALLY o0 5 o1 CHOOSE o1",
      "TALLY o0 5 o1 6",
      "TALLY 5 o0 CHOOSE o1",
      "TALLY o0 x CHOOSE o1",
      "TALLY o0 5 CHOOSE o1 extra",
      "TALLY CHOOSE",
    ]) {
      const r = parseChoice(text, "canonical", t);
      expect(r.choice, text).toBeNull();
      expect(r.error).toBeTruthy();
    }
    expect(parseChoice("TALLY CHOOSE o2", "canonical", t)).toEqual({ choice: 2 });
  });

  it("with `answers`, the choice picks from that many answers, not one per entry, and still reads back", () => {
    const t = taskOf(1, 4);
    // three running values, then one of four answers: a choice past the entries is fine, past the answers is not
    expect(renderTally([3, 7, 12], 3, 4)).toBe("TALLY o0 3 o1 7 o2 12 CHOOSE o3");
    expect(parseChoice(renderTally([3, 7, 12], 3, 4), "canonical", t)).toEqual({ choice: 3 });
    expect(renderTally([3, 7], 1, 4)).toBe("TALLY o0 3 o1 7 CHOOSE o1");
    expect(() => renderTally([3, 7, 12], 4, 4)).toThrow(/^choice: expected an integer in 0\.\.3, got 4/);
    expect(() => renderTally([3, 7], 0, 0)).toThrow(/^answers:/);
  });

  it("names the field of a bad tally", () => {
    expect(() => renderTally([1, 2], 2)).toThrow(/^choice:/);
    expect(() => renderTally([1, 2.5], 0)).toThrow(/^tally\[1\]:/);
  });
});
