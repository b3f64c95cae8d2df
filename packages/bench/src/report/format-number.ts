/**
 * A short, readable label for a number: up to `digits` significant digits with trailing zeros dropped,
 * exponent notation outside [1e-3, 1e6), and words for what is not finite ("n/a", "∞", "−∞").
 */
export function formatNumber(value: number, digits = 3): string {
  if (Number.isNaN(value)) return "n/a";
  if (value === Number.POSITIVE_INFINITY) return "∞";
  if (value === Number.NEGATIVE_INFINITY) return "−∞";
  if (value === 0) return "0";
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-3) return value.toExponential(Math.max(0, digits - 1)).replace(/\.?0+e/, "e");
  if (magnitude >= 10 ** digits) return String(Math.round(value));
  const fixed = value.toPrecision(digits);
  return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
}

/** `formatNumber` with an explicit "+" on positive values, for rewards. */
export function formatSigned(value: number, digits = 3): string {
  const text = formatNumber(value, digits);
  return value > 0 ? `+${text}` : text;
}
