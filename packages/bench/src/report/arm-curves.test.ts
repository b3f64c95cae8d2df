import { describe, expect, it } from "vitest";
import { armCurves } from "./arm-curves";

describe("armCurves", () => {
  it("overlays every arm per metric, in the order of the paths, with titles and the x label", () => {
    const curves = armCurves(
      {
        outcomeOnly: [
          { episodes: 0, team: { accuracy: 0.4 }, terms: { share: 0 } },
          { episodes: 10, team: { accuracy: 0.5 }, terms: { share: 0.1 } },
        ],
        cosir: [{ episodes: 0, team: { accuracy: 0.45 } }],
      },
      { x: "episodes", y: ["team.accuracy", "terms.share"], titles: { "team.accuracy": "Held-out team accuracy" } },
    );
    expect(curves).toEqual([
      {
        title: "Held-out team accuracy",
        xLabel: "episodes",
        series: {
          outcomeOnly: [
            [0, 0.4],
            [10, 0.5],
          ],
          cosir: [[0, 0.45]],
        },
      },
      {
        title: "terms.share",
        xLabel: "episodes",
        series: {
          outcomeOnly: [
            [0, 0],
            [10, 0.1],
          ],
          cosir: [],
        },
      },
    ]);
    expect(armCurves({}, { x: "step", xLabel: "training step", y: ["a"] })).toEqual([
      { title: "a", xLabel: "training step", series: {} },
    ]);
  });
});
