import { SERIES_PALETTE } from "./series-palette";
/** A bar group: one label on the x axis, one value (and optional interval) per series. */
export interface BarGroup {
  label: string;
  values: (number | null)[];
  intervals?: ([number, number] | null)[];
}

const PALETTE = SERIES_PALETTE;

const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A grouped bar chart as standalone SVG (hand-written, no dependency); values in [0, yMax], CI whiskers when given. */
export function groupedBarChartSvg(opts: {
  title: string;
  series: readonly string[];
  groups: readonly BarGroup[];
  yMax?: number;
  yLabel?: string;
}): string {
  const { title, series, groups } = opts;
  const yMax = opts.yMax ?? 1;
  const W = Math.max(480, 90 + groups.length * (series.length * 16 + 24));
  const H = 340;
  const left = 56;
  const top = 36;
  const bottom = 90;
  const plotH = H - top - bottom;
  const plotW = W - left - 16;
  const groupW = plotW / Math.max(1, groups.length);
  const barW = Math.min(22, (groupW - 12) / Math.max(1, series.length));
  const y = (v: number): number => top + plotH * (1 - Math.max(0, Math.min(yMax, v)) / yMax);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">${esc(title)}</text>`,
  ];
  for (let t = 0; t <= 4; t++) {
    const v = (yMax * t) / 4;
    parts.push(
      `<line x1="${left}" x2="${left + plotW}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#ddd"/>`,
    );
    parts.push(
      `<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${yMax === 1 ? `${Math.round(v * 100)}%` : v.toFixed(2)}</text>`,
    );
  }
  if (opts.yLabel !== undefined)
    parts.push(
      `<text transform="translate(14 ${top + plotH / 2}) rotate(-90)" text-anchor="middle">${esc(opts.yLabel)}</text>`,
    );
  groups.forEach((g, gi) => {
    const x0 = left + gi * groupW + (groupW - barW * series.length) / 2;
    g.values.forEach((v, si) => {
      if (v === null) return;
      const x = x0 + si * barW;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y(v).toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${(y(0) - y(v)).toFixed(1)}" fill="${PALETTE[si % PALETTE.length]}"><title>${esc(`${g.label} / ${series[si]}: ${v.toFixed(3)}`)}</title></rect>`,
      );
      const ci = g.intervals?.[si];
      if (ci !== null && ci !== undefined) {
        const cx = (x + (barW - 2) / 2).toFixed(1);
        parts.push(
          `<line x1="${cx}" x2="${cx}" y1="${y(ci[0]).toFixed(1)}" y2="${y(ci[1]).toFixed(1)}" stroke="#222"/>`,
        );
      }
    });
    const lx = left + gi * groupW + groupW / 2;
    parts.push(
      `<text transform="translate(${lx.toFixed(1)} ${top + plotH + 12}) rotate(30)" text-anchor="start">${esc(g.label)}</text>`,
    );
  });
  series.forEach((s, si) => {
    const x = left + si * 110;
    parts.push(
      `<rect x="${x}" y="${H - 16}" width="10" height="10" fill="${PALETTE[si % PALETTE.length]}"/><text x="${x + 14}" y="${H - 7}">${esc(s)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("\n");
}
