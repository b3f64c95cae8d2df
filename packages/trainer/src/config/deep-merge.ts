/**
 * Merges `over` onto `base`: plain objects key by key (recursively), anything else (arrays, numbers, strings) is
 * replaced by `over`'s value; `undefined` leaves `base` as it is. Neither argument is changed.
 */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (
    base &&
    over &&
    typeof base === "object" &&
    typeof over === "object" &&
    !Array.isArray(base) &&
    !Array.isArray(over)
  ) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    // Own properties only, written with defineProperty: a JSON key "__proto__" (JSON.parse makes it an own key) must
    // stay a plain key, neither read from nor assigned to the prototype (fast-check seed 957070224 found it).
    for (const [k, v] of Object.entries(over as Record<string, unknown>)) {
      const value = deepMerge(Object.hasOwn(out, k) ? out[k] : undefined, v);
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return over;
}
