/** num / den, or null when nothing was eligible (den = 0). */
export function metricRate(num: number, den: number): number | null {
  return den > 0 ? num / den : null;
}
