import type { DemoResult } from "./demo/run-demo";
import { markdownTable } from "./summary-table";

const ci = (e: { ci95: [number, number] }) => `[${e.ci95[0].toFixed(3)}, ${e.ci95[1].toFixed(3)}]`;

/** The demo's closing table: each policy's held-out team accuracy (Wilson 95% CI) and behaviour. */
export function formatDemoTable(result: DemoResult): string {
  const header = ["policy", "team accuracy", "95% CI", "disclosure", "ask rate", "mean reward", "format errors"];
  const rows = Object.entries(result.policies).map(([name, e]) => [
    name,
    e.teamAccuracy.toFixed(3),
    ci(e),
    e.disclosure.toFixed(3),
    e.askRate.toFixed(3),
    e.meanReward.toFixed(3),
    e.formatErrors.toFixed(3),
  ]);
  return markdownTable(header, rows);
}

/** One row per RL seed: both arms' held-out accuracy, and whether CoSIR > outcome-only > base held for that seed. */
export function formatSeedTable(result: DemoResult): string {
  const base = result.policies.base?.teamAccuracy ?? Number.NaN;
  const rows = result.seeds.map((s) => [
    String(s.seed),
    `${s.outcomeOnly.teamAccuracy.toFixed(3)} ${ci(s.outcomeOnly)}`,
    `${s.cosir.teamAccuracy.toFixed(3)} ${ci(s.cosir)}`,
    s.cosir.teamAccuracy > s.outcomeOnly.teamAccuracy && s.outcomeOnly.teamAccuracy > base ? "yes" : "no",
  ]);
  return markdownTable(["seed", "outcomeOnly [95% CI]", "cosir [95% CI]", "cosir > outcomeOnly > base"], rows);
}
