import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConcurrencyLimiter } from "./concurrency-limiter";

describe("ConcurrencyLimiter", () => {
  it("never runs more than `limit` tasks, runs every one, and starts them in arrival order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 30 }),
        async (limit, delays) => {
          const limiter = new ConcurrencyLimiter(limit);
          let running = 0;
          let peak = 0;
          const started: number[] = [];
          const results = await Promise.all(
            delays.map((d, i) =>
              limiter.run(async () => {
                started.push(i);
                peak = Math.max(peak, ++running);
                await new Promise((r) => setTimeout(r, d));
                running--;
                return i;
              }),
            ),
          );
          expect(results).toEqual(delays.map((_, i) => i));
          expect(started).toEqual(delays.map((_, i) => i));
          expect(peak).toBe(Math.min(limit, delays.length));
          expect(limiter.running).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("frees the slot of a task that throws", async () => {
    const limiter = new ConcurrencyLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await limiter.run(async () => 7)).toBe(7);
    expect(limiter.running).toBe(0);
  });
});
