import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "./rng";

describe("Rng", () => {
  it("gives a known stream for a fixed seed (cross-process determinism)", () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const xs = Array.from({ length: 5 }, () => a.nextUint32());
    expect(xs).toEqual(Array.from({ length: 5 }, () => b.nextUint32()));
    // Pinned values: a change here breaks resumed training runs and reproducible task ids.
    expect(new Rng(42).state()).toMatchInlineSnapshot(`
      [
        2632201680,
        4139765120,
        3611565045,
        13,
      ]
    `);
  });

  it("next() is in [0, 1) and int(n) in 0..n-1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const rng = new Rng(seed);
        for (let i = 0; i < 50; i++) {
          const x = rng.next();
          expect(x >= 0 && x < 1).toBe(true);
          const k = rng.int(n);
          expect(Number.isInteger(k) && k >= 0 && k < n).toBe(true);
        }
      }),
    );
  });

  it("state() / fromState() resume the exact stream", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.nat(100), (seed, skip) => {
        const rng = new Rng(seed);
        for (let i = 0; i < skip; i++) rng.next();
        const saved = JSON.parse(JSON.stringify(rng.state())) as number[];
        const resumed = Rng.fromState(saved);
        for (let i = 0; i < 20; i++) expect(resumed.nextUint32()).toBe(rng.nextUint32());
      }),
    );
  });

  it("fork() is deterministic, label-dependent and does not advance the parent", () => {
    const rng = new Rng(7);
    const before = rng.state();
    const f1 = rng.fork("table").nextUint32();
    expect(rng.state()).toEqual(before);
    expect(rng.fork("table").nextUint32()).toBe(f1);
    expect(rng.fork("visibility").nextUint32()).not.toBe(f1);
  });

  it("shuffle is a permutation and pick picks a member", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer(), { maxLength: 30 }), (seed, xs) => {
        const rng = new Rng(seed >>> 0);
        const ys = rng.shuffle([...xs]);
        expect([...ys].sort((a, b) => a - b)).toEqual([...xs].sort((a, b) => a - b));
        if (xs.length > 0) expect(xs).toContain(rng.pick(xs));
      }),
    );
  });

  it("is roughly uniform", () => {
    const rng = new Rng(123);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[rng.int(10)]!++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(600);
  });

  it("rejects bad arguments with the field named", () => {
    expect(() => new Rng(1).int(0)).toThrow(/^n:/);
    expect(() => Rng.fromState([1, 2, 3])).toThrow(/^state:/);
    expect(() => Rng.fromState([1, 2, 3, -1])).toThrow(/state\[3\]/);
    expect(() => new Rng(1).pick([])).toThrow(/items/);
  });
});
