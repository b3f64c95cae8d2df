import { REWARD_TERMS, type RewardSummary } from "@cosir/rewards";
import { wilson95 } from "@cosir/trainer";

const fmt = (v: number, digits = 3) => (Number.isFinite(v) ? v.toFixed(digits) : String(v));

/** A markdown table: team accuracy with its 95% CI, then the mean of each reward term per episode. */
export function formatSummaryTable(rows: { name: string; summary: RewardSummary }[]): string {
  // One column per term of @cosir/rewards' table, in table order, then the weighted total.
  const header = ["team", "episodes", "team acc", "95% CI", ...REWARD_TERMS, "total"];
  const lines = rows.map(({ name, summary: s }) => {
    const [lo, hi] = wilson95(Math.round(s.teamAccuracy * s.episodes), s.episodes);
    return [
      name,
      String(s.episodes),
      fmt(s.teamAccuracy),
      `[${fmt(lo, 2)}, ${fmt(hi, 2)}]`,
      ...REWARD_TERMS.map((t) => fmt(s[t])),
      fmt(s.total),
    ];
  });
  return markdownTable(header, lines);
}

/** A markdown table with columns padded to their widest cell. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}
