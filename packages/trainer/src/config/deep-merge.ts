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
    for (const [k, v] of Object.entries(over as Record<string, unknown>)) out[k] = deepMerge(out[k], v);
    return out;
  }
  return over;
}
