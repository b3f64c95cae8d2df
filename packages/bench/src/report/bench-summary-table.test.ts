import { describe, expect, it } from "vitest";
import type { BenchSummary, BenchSummaryEntry } from "./bench-summary";
import { benchSummaryTable } from "./bench-summary-table";

const entry = (teamAccuracy: number | null, ci95: [number, number] | null): BenchSummaryEntry => ({
  teamAccuracy,
  ci95,
  disclosure: null,
  failToAsk: null,
  ignoredInput: null,
  withholding: null,
  falseClaim: null,
  askRate: null,
  individualAccuracy: null,
  preAccuracy: null,
  postAccuracy: null,
  messagesPerEpisode: null,
  tokensPerEpisode: null,
  formatValidity: null,
  episodes: 10,
  details: {},
});

describe("benchSummaryTable", () => {
  const summary: BenchSummary = {
    benchmarks: {
      "heldout.whodunit": { base: entry(0.5, [0.4, 0.6]), cosir: entry(0.75, null) },
      "heldout.arithmetic": { base: entry(null, null) },
    },
    heldOutSum: { base: 0.5, cosir: 0.75 },
    sevenTaskSum: { base: 0.5, cosir: 0.75 },
  };

  it("gives accuracy % [CI] per benchmark and policy, a dash where missing, then the held-out sum", () => {
    expect(benchSummaryTable(summary)).toMatchObject({
      header: ["benchmark", "base", "cosir"],
      rows: [
        ["heldout.whodunit", "50.0 [40.0, 60.0]", "75.0"],
        ["heldout.arithmetic", "–", null],
        ["held-out sum (0-7)", "0.50", "0.75"],
      ],
    });
  });

  it("lists only and in the order of the benchmarks asked for", () => {
    const table = benchSummaryTable(summary, { benchmarks: ["heldout.arithmetic", "heldout.missing"], title: "T" });
    expect(table.title).toBe("T");
    expect(table.rows.map((r) => r[0])).toEqual(["heldout.arithmetic", "heldout.missing", "held-out sum (0-7)"]);
    expect(table.rows[1]).toEqual(["heldout.missing", null, null]);
  });
});
