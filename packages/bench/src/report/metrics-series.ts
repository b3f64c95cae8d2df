import { readFileSync } from "node:fs";
import { InvalidArgumentError } from "@cosir/bayes";

const NOT_PLOTTED = new Set(["step", "iteration", "time", "timestamp", "version"]);

/**
 * Reads a training metrics JSONL (one JSON object per line) into one series per numeric field, against `step` (or
 * `iteration`, or the line index). A file that is not one — a line that is not a JSON object, or no numeric field
 * at all — is an InvalidArgumentError naming `field` and the path, never an empty chart.
 */
export function metricsSeries(path: string, field = "metricsJsonl"): Record<string, [number, number][]> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new InvalidArgumentError(
      field,
      path,
      `expected a readable metrics file (${(error as { code?: string }).code ?? "error"})`,
      { cause: error },
    );
  }
  const series: Record<string, [number, number][]> = {};
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  lines.forEach((line, index) => {
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      row = undefined;
    }
    if (row === null || typeof row !== "object" || Array.isArray(row))
      throw new InvalidArgumentError(field, path, `expected a metrics JSONL (line ${index + 1} is not a JSON object)`);
    const r = row as Record<string, unknown>;
    const x = typeof r.step === "number" ? r.step : typeof r.iteration === "number" ? r.iteration : index;
    for (const [k, v] of Object.entries(r))
      if (!NOT_PLOTTED.has(k) && typeof v === "number") (series[k] ??= []).push([x, v]);
  });
  if (Object.keys(series).length === 0)
    throw new InvalidArgumentError(
      field,
      path,
      `expected a metrics JSONL (${lines.length === 0 ? "the file is empty" : "no line has a numeric field"})`,
    );
  return series;
}
