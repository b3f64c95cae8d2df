import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retryDelay } from "./retry-delay";

const attempt = fc.integer({ min: 0, max: 20 });
const ms = fc.integer({ min: 0, max: 100_000 });
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe("retryDelay", () => {
  it("without jitter, cap or Retry-After it doubles: backoffMs * 2^attempt (the responder's backoff)", () => {
    fc.assert(
      fc.property(attempt, ms, (a, b) => {
        expect(retryDelay(a, { backoffMs: b, maxBackoffMs: Number.POSITIVE_INFINITY, random: null })).toBe(b * 2 ** a);
      }),
    );
  });

  it("stays within [0.5, 1.5) of the capped backoff, never above the cap, at least Retry-After up to the cap", () => {
    fc.assert(
      fc.property(attempt, ms, ms, unit, fc.option(ms, { nil: undefined }), (a, b, cap, r, after) => {
        const d = retryDelay(a, { backoffMs: b, maxBackoffMs: cap, random: () => r }, after);
        const base = Math.min(cap, b * 2 ** a);
        expect(d).toBeLessThanOrEqual(cap);
        expect(d).toBeGreaterThanOrEqual(Math.min(cap, Math.max(0.5 * base, after ?? 0)));
        if (after === undefined) expect(d).toBeCloseTo(Math.min(cap, base * (0.5 + r)), 6);
      }),
    );
  });

  it("is monotone in the attempt without jitter", () => {
    fc.assert(
      fc.property(attempt, ms, ms, (a, b, cap) => {
        const o = { backoffMs: b, maxBackoffMs: cap, random: null };
        expect(retryDelay(a + 1, o)).toBeGreaterThanOrEqual(retryDelay(a, o));
      }),
    );
  });

  it("known answers: ChatPolicy's defaults", () => {
    const o = { backoffMs: 500, maxBackoffMs: 8000, random: () => 0.5 };
    expect([0, 1, 2, 3, 4, 5].map((a) => retryDelay(a, o))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(retryDelay(0, o, 3000)).toBe(3000);
    expect(retryDelay(0, o, 30_000)).toBe(8000);
  });
});
