/** A figure for metrics.jsonl: `digits` significant digits, so lines stay short and compare exactly. */
export function roundMetric(value: number, digits = 6): number {
  return Number.isFinite(value) ? Number(value.toPrecision(digits)) : value;
}

/** Arithmetic mean; 0 for no values. */
export function meanOf(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
