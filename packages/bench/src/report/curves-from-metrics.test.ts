import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { curvesFromMetrics, valueAtPath } from "./curves-from-metrics";

describe("valueAtPath", () => {
  it("reads nested and literal dotted keys, and nothing through non-objects", () => {
    expect(valueAtPath({ team: { accuracy: 0.5 } }, "team.accuracy")).toBe(0.5);
    expect(valueAtPath({ "team.accuracy": 0.25 }, "team.accuracy")).toBe(0.25);
    expect(valueAtPath({ reward: { "terms.share": 0.1 } }, "reward.terms.share")).toBe(0.1);
    expect(valueAtPath({ a: [{ b: 3 }] }, "a.0.b")).toBe(3);
    expect(valueAtPath({ team: 1 }, "team.accuracy")).toBeUndefined();
    expect(valueAtPath(null, "x")).toBeUndefined();
    expect(valueAtPath("text", "length")).toBeUndefined();
    expect(valueAtPath({}, "toString")).toBeUndefined();
    expect(valueAtPath({}, "constructor.name")).toBeUndefined();
  });
});

describe("curvesFromMetrics", () => {
  it("collects [x, y] per dotted path, skipping lines where x or that y is missing (known answer)", () => {
    const lines = [
      { episodes: 0, team: { accuracy: 0.4 }, reward: { share: 0.1 } },
      { episodes: 100, team: { accuracy: 0.5 } },
      { episodes: 200, reward: { share: 0.3 } },
      { team: { accuracy: 0.9 } },
      { episodes: "300", team: { accuracy: 0.9 } },
      { episodes: 400, team: { accuracy: "0.6" }, reward: { share: null } },
      "not an object",
      null,
      { episodes: 500, team: { accuracy: 0.7 }, reward: { share: 0.2 } },
    ];
    expect(curvesFromMetrics(lines, { x: "episodes", y: ["team.accuracy", "reward.share", "missing.path"] })).toEqual({
      "team.accuracy": [
        [0, 0.4],
        [100, 0.5],
        [500, 0.7],
      ],
      "reward.share": [
        [0, 0.1],
        [200, 0.3],
        [500, 0.2],
      ],
      "missing.path": [],
    });
  });

  it("lists a repeated path once and treats __proto__ as a plain key", () => {
    const curves = curvesFromMetrics([JSON.parse('{"step": 1, "__proto__": 2}')], {
      x: "step",
      y: ["__proto__", "__proto__"],
    });
    expect(Object.keys(curves)).toEqual(["__proto__"]);
    expect(curves.__proto__).toEqual([[1, 2]]);
  });

  it("recovers the points it was built from, in line order (round trip)", () => {
    const point = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: undefined });
    fc.assert(
      fc.property(fc.array(fc.record({ x: point, a: point, b: point }), { maxLength: 40 }), (rows) => {
        const lines = rows.map((r) => ({
          ...(r.x === undefined ? {} : { step: r.x }),
          metrics: { ...(r.a === undefined ? {} : { a: r.a }), ...(r.b === undefined ? {} : { "b.c": r.b }) },
        }));
        const curves = curvesFromMetrics(lines, { x: "step", y: ["metrics.a", "metrics.b.c"] });
        const expected = (key: "a" | "b") =>
          rows.filter((r) => r.x !== undefined && r[key] !== undefined).map((r) => [r.x, r[key]]);
        expect(curves["metrics.a"]).toEqual(expected("a"));
        expect(curves["metrics.b.c"]).toEqual(expected("b"));
      }),
    );
  });
});
