import type { DemoResult } from "@cosir/trainer";
import { markdownTable } from "./summary-table";

/** The demo's closing table: each policy's held-out team accuracy (Wilson 95% CI) and behaviour. */
export function formatDemoTable(result: DemoResult): string {
  const header = ["policy", "team accuracy", "95% CI", "disclosure", "ask rate", "mean reward", "format errors"];
  const rows = Object.entries(result.policies).map(([name, e]) => [
    name,
    e.teamAccuracy.toFixed(3),
    `[${e.ci95[0].toFixed(3)}, ${e.ci95[1].toFixed(3)}]`,
    e.disclosure.toFixed(3),
    e.askRate.toFixed(3),
    e.meanReward.toFixed(3),
    e.formatErrors.toFixed(3),
  ]);
  return markdownTable(header, rows);
}
