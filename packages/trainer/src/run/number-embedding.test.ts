import fc from "fast-check";
import { selectBackend } from "@cosir/policy/tfjs";
import { beforeAll, describe, expect, it } from "vitest";
import { NUMBER_PERIODS, initNumberEmbedding, numberFeatures } from "./number-embedding";
import { TRAINER_MAX_NUMBER, createPolicyModel } from "./policy-model";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const norm = (v: readonly number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe("numberFeatures", () => {
  it("has the asked norm and one (cos, sin) pair per period (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 1000 }), fc.double({ min: 0.01, max: 10, noNaN: true }), (n, r) => {
        const f = numberFeatures(n, r);
        expect(f).toHaveLength(2 * NUMBER_PERIODS.length);
        expect(norm(f)).toBeCloseTo(r, 9);
      }),
    );
  });

  it("adding k turns every pair by 2 pi k / T: the same linear map for every n (oracle: a rotation)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: -20, max: 20 }), (n, k) => {
        const f = numberFeatures(n, 1);
        const g = numberFeatures(n + k, 1);
        NUMBER_PERIODS.forEach((T, i) => {
          const t = (2 * Math.PI * k) / T;
          const [c, s] = [f[2 * i] as number, f[2 * i + 1] as number];
          expect(g[2 * i]).toBeCloseTo(c * Math.cos(t) - s * Math.sin(t), 9);
          expect(g[2 * i + 1]).toBeCloseTo(c * Math.sin(t) + s * Math.cos(t), 9);
        });
      }),
    );
  });

  it("tells neighbours apart: n and n+1 are far apart, n and n+4200 (a multiple of every period) the same", () => {
    const d = (a: number, b: number) =>
      norm(numberFeatures(a, 1).map((x, i) => x - (numberFeatures(b, 1)[i] as number)));
    for (let n = 0; n < 100; n++) {
      expect(d(n, n + 1)).toBeGreaterThan(0.3);
      expect(d(n, n + 4200)).toBeLessThan(1e-6);
    }
  });
});

describe("initNumberEmbedding", () => {
  it("sets exactly the number words' rows to their features and leaves every other weight as drawn", async () => {
    const pm = createPolicyModel({ width: 32, layers: 1, heads: 2, context: 16, tokenShift: true }, 5);
    const before = await pm.model.readWeights();
    expect(await initNumberEmbedding(pm, TRAINER_MAX_NUMBER, 2)).toBe(TRAINER_MAX_NUMBER + 1);
    const after = await pm.model.readWeights();
    const width = 32;
    const numberRows = new Set<number>();
    for (let n = 0; n <= TRAINER_MAX_NUMBER; n++) {
      const row = pm.tokenizer.encode(String(n))[0] as number;
      numberRows.add(row);
      const got = Array.from((after.get("tok_emb.weight") as Float32Array).subarray(row * width, row * width + 20));
      numberFeatures(n, 2).forEach((x, i) => expect(got[i]).toBeCloseTo(x, 6));
      // the coordinates past the features keep their random draw
      expect(
        Array.from((after.get("tok_emb.weight") as Float32Array).subarray(row * width + 20, (row + 1) * width)),
      ).toEqual(
        Array.from((before.get("tok_emb.weight") as Float32Array).subarray(row * width + 20, (row + 1) * width)),
      );
    }
    const emb = before.get("tok_emb.weight") as Float32Array;
    const emb2 = after.get("tok_emb.weight") as Float32Array;
    for (let r = 0; r < pm.tokenizer.size; r++)
      if (!numberRows.has(r))
        expect(Array.from(emb2.subarray(r * width, (r + 1) * width))).toEqual(
          Array.from(emb.subarray(r * width, (r + 1) * width)),
        );
    for (const [name, w] of before) if (name !== "tok_emb.weight") expect(after.get(name)).toEqual(w);
    pm.model.dispose();
  });

  it("refuses a width too narrow for the features, naming the field", async () => {
    const pm = createPolicyModel({ width: 16, layers: 1, heads: 2, context: 16 }, 5);
    await expect(initNumberEmbedding(pm, 10)).rejects.toThrow(/^model\.width: expected at least 20/);
    pm.model.dispose();
  });
});
