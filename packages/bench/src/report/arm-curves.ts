import { curvesFromMetrics } from "./curves-from-metrics";
import type { HtmlReportCurve } from "./html-report";

export interface ArmCurvesOptions {
  /** Dotted path of the x value, e.g. "episodes". */
  x: string;
  /** Dotted paths of the metrics, one panel each, in this order. */
  y: readonly string[];
  /** Axis label under the x axis; the x path when absent. */
  xLabel?: string;
  /** Panel title per y path; the path itself when absent. */
  titles?: Readonly<Record<string, string>>;
}

/**
 * One report curve per metric with every arm overlaid: `linesByArm` maps an arm name (outcomeOnly, cosir ...) to the
 * parsed lines of its metrics JSONL, read with `curvesFromMetrics`.
 */
export function armCurves(
  linesByArm: Readonly<Record<string, readonly unknown[]>>,
  opts: ArmCurvesOptions,
): HtmlReportCurve[] {
  const byArm = Object.entries(linesByArm).map(
    ([arm, lines]) => [arm, curvesFromMetrics(lines, { x: opts.x, y: opts.y })] as const,
  );
  return [...new Set(opts.y)].map((path) => ({
    title: opts.titles?.[path] ?? path,
    xLabel: opts.xLabel ?? opts.x,
    series: Object.fromEntries(byArm.map(([arm, curves]) => [arm, curves[path] ?? []])),
  }));
}
