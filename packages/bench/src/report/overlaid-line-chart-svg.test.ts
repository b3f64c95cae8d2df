import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineChartSvg } from "./line-chart-svg";
import { overlaidLineChartSvg } from "./overlaid-line-chart-svg";
import { SERIES_PALETTE } from "./series-palette";

/** Every numeric attribute of the drawing (coordinates, sizes, points). */
function numericAttributes(svg: string): number[] {
  const values: number[] = [];
  for (const m of svg.matchAll(/\s(x|y|x1|x2|y1|y2|cx|cy|r|width|height|points)="([^"]*)"/g))
    for (const v of (m[2] as string).split(/[\s,]+/)) values.push(Number(v));
  return values;
}

const value = fc.oneof(
  { weight: 4, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -Number.MAX_VALUE, Number.MAX_VALUE) },
);

describe("overlaidLineChartSvg", () => {
  it("draws one line per series in one panel, a legend entry per series, and the given colours", () => {
    const svg = overlaidLineChartSvg({
      title: "Held-out team accuracy",
      xLabel: "episodes",
      series: {
        outcomeOnly: [
          [0, 0.4],
          [100, 0.5],
          [200, 0.55],
        ],
        cosir: [
          [0, 0.4],
          [100, 0.6],
          [200, 0.7],
        ],
      },
      colors: { cosir: "#123456" },
    });
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg).toContain(`stroke="${SERIES_PALETTE[0]}"`);
    expect(svg).toContain('stroke="#123456"');
    expect(svg).toContain(">outcomeOnly</text>");
    expect(svg).toContain(">cosir</text>");
    expect(svg).toContain(">episodes</text>");
    expect(svg).not.toContain("no data");
    // Round ticks on both axes.
    expect(svg).toContain(">0.5</text>");
    expect(svg).toContain(">100</text>");
  });

  it("says no data for empty or non-finite series, and draws a single point as a marker", () => {
    const empties: Record<string, [number, number][]>[] = [{}, { a: [] }, { a: [[Number.NaN, 1]], b: [] }];
    for (const series of empties) {
      const svg = overlaidLineChartSvg({ title: "t", xLabel: "x", series });
      expect(svg).toContain("no data");
      expect(svg).not.toContain("<polyline");
    }
    const one = overlaidLineChartSvg({ title: "t", xLabel: "x", series: { a: [[3, 3]] } });
    expect(one).not.toContain("<polyline");
    expect(one.match(/<circle /g)).toHaveLength(1);
  });

  it("ends its ticks when values are so large that a tick index cannot move by one (it looped before)", () => {
    // 1e300 and two ulps above it: a span of about 3e284, so the tick index near 2e16 is past 2^53
    const hi = 1e300 + 3e284;
    expect(hi).toBeGreaterThan(1e300);
    const svg = overlaidLineChartSvg({
      title: "t",
      xLabel: "x",
      series: {
        a: [
          [1e300, 0],
          [hi, 1],
        ],
      },
    });
    expect(svg.match(/<polyline /g)).toHaveLength(1);
    // the x axis falls back to its two ends
    expect(svg.match(/y2="[\d.]+" stroke="#888"/g)).toHaveLength(2);
  });

  it("keeps every coordinate finite and inside the drawing, whatever the numbers", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 12 }), fc.array(fc.tuple(value, value), { maxLength: 30 }), {
          maxKeys: 4,
        }),
        (series) => {
          const svg = overlaidLineChartSvg({ title: "t", xLabel: "x", series });
          const [W, H] = (/viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg) ?? []).slice(1).map(Number);
          for (const v of numericAttributes(svg)) {
            expect(Number.isFinite(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(Math.max(W as number, H as number));
          }
          const drawable = Object.values(series).filter(
            (pts) => pts.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)).length > 1,
          ).length;
          expect(svg.match(/<polyline /g)?.length ?? 0).toBe(drawable);
        },
      ),
    );
  });

  it("leaves lineChartSvg's output as it was (one panel per series)", () => {
    const svg = lineChartSvg({
      title: "Training curves",
      xLabel: "step",
      series: {
        reward: [
          [0, 1],
          [1, 2],
        ],
      },
    });
    expect(svg).toMatchInlineSnapshot(`
      "<svg xmlns="http://www.w3.org/2000/svg" width="320" height="250" viewBox="0 0 320 250" font-family="sans-serif" font-size="10">
      <rect width="320" height="250" fill="white"/>
      <text x="160" y="20" text-anchor="middle" font-size="14">Training curves</text>
      <text x="170" y="36" text-anchor="middle">reward</text>
      <rect x="50" y="40" width="240" height="140" fill="none" stroke="#999"/>
      <polyline fill="none" stroke="#4e79a7" stroke-width="1.5" points="50.0,180.0 290.0,40.0"/>
      <text x="47" y="48" text-anchor="end">2.00</text><text x="47" y="180" text-anchor="end">1.00</text>
      <text x="50" y="192">0</text><text x="290" y="192" text-anchor="end">1 step</text>
      </svg>"
    `);
  });
});
