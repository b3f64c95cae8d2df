/**
 * The value at a dotted path ("team.accuracy") of a parsed JSON line: a key spelled with the dots itself wins over
 * the nested one at each level. Undefined when some step is missing or not an object.
 */
export function valueAtPath(value: unknown, path: string): unknown {
  if (value === null || typeof value !== "object") return undefined;
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, path)) return record[path];
  const dot = path.indexOf(".");
  if (dot < 0) return undefined;
  // Try the longest literal key first so {"team.accuracy": {...}} and {"team": {"accuracy": ...}} both resolve.
  for (let cut = path.lastIndexOf("."); cut > 0; cut = path.lastIndexOf(".", cut - 1)) {
    const head = path.slice(0, cut);
    if (Object.hasOwn(record, head)) {
      const found = valueAtPath(record[head], path.slice(cut + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export interface CurvesFromMetricsOptions {
  /** Dotted path of the x value in every line, e.g. "episodes". */
  x: string;
  /** Dotted paths of the y values, e.g. ["team.accuracy", "reward.terms.share"]. */
  y: readonly string[];
}

/**
 * Curves from the parsed lines of a metrics JSONL: for every y path, the [x, y] points of the lines where both paths
 * hold a finite number, in line order. Lines missing either path (or that are not objects) are skipped for that
 * curve only. Every y path gets a key, empty when no line has it.
 */
export function curvesFromMetrics(
  lines: readonly unknown[],
  opts: CurvesFromMetricsOptions,
): Record<string, [number, number][]> {
  const paths = [...new Set(opts.y)];
  // fromEntries defines own properties, so a path such as "__proto__" is a plain key here.
  const curves: Record<string, [number, number][]> = Object.fromEntries(paths.map((path) => [path, []]));
  for (const line of lines) {
    const x = valueAtPath(line, opts.x);
    if (typeof x !== "number" || !Number.isFinite(x)) continue;
    for (const path of paths) {
      const y = valueAtPath(line, path);
      if (typeof y === "number" && Number.isFinite(y)) (curves[path] as [number, number][]).push([x, y]);
    }
  }
  return curves;
}
