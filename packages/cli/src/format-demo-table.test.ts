import { describe, expect, it } from "vitest";
import { formatDemoTable } from "./format-demo-table";

describe("formatDemoTable", () => {
  it("lists each policy with its interval and behaviour, columns padded", () => {
    const evaluation = {
      episodes: 10,
      teamAccuracy: 0.5,
      ci95: [0.2366, 0.7634] as [number, number],
      disclosure: 0.25,
      askRate: 0.1,
      meanReward: -1.5,
      formatErrors: 0,
    };
    const table = formatDemoTable({
      policies: { base: evaluation, cosir: { ...evaluation, teamAccuracy: 0.9 } },
      seconds: { base: 1 },
    });
    expect(table.split("\n")).toEqual([
      "| policy | team accuracy | 95% CI         | disclosure | ask rate | mean reward | format errors |",
      "|--------|---------------|----------------|------------|----------|-------------|---------------|",
      "| base   | 0.500         | [0.237, 0.763] | 0.250      | 0.100    | -1.500      | 0.000         |",
      "| cosir  | 0.900         | [0.237, 0.763] | 0.250      | 0.100    | -1.500      | 0.000         |",
    ]);
  });
});
