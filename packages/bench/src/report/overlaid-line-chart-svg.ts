import { escapeHtml } from "./escape-html";
import { formatNumber } from "./format-number";

import { SERIES_PALETTE } from "./series-palette";

export interface OverlaidLineChartOptions {
  title: string;
  xLabel: string;
  yLabel?: string;
  /** One line per series name (an arm), points as [x, y]; points with a non-finite coordinate are left out. */
  series: Readonly<Record<string, readonly (readonly [number, number])[]>>;
  /** Colour per series name, so one arm keeps its colour across panels; the palette in order otherwise. */
  colors?: Readonly<Record<string, string>>;
  width?: number;
  height?: number;
}

/** Round tick values covering [lo, hi] (about `count` of them); the two ends when no round step fits. */
function niceTicks(lo: number, hi: number, count: number): number[] {
  const span = hi - lo;
  if (!(Number.isFinite(span) && span > 0)) return lo === hi ? [lo] : [lo, hi];
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => span / s <= count) ?? 10 * power;
  const first = Math.ceil(lo / step - 1e-9);
  const last = Math.floor(hi / step + 1e-9);
  // Past 2^53 an index no longer moves by one (i++ leaves it as it is), so huge values with a tiny span take the ends.
  if (!(Number.isSafeInteger(first) && Number.isSafeInteger(last)) || last - first > 4 * count || last < first)
    return [lo, hi];
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** The y range to draw: the data's, padded by 5%, widened around a constant, and kept finite. */
function paddedRange(lo: number, hi: number): [number, number] {
  const pad = lo === hi ? (lo === 0 ? 1 : Math.abs(lo) * 0.1) : (hi - lo) * 0.05;
  const a = lo - pad;
  const b = hi + pad;
  return Number.isFinite(a) && Number.isFinite(b) ? [a, b] : [lo, hi];
}

/**
 * One panel of y against x with every series overlaid and a legend under it, as SVG (hand-written, no dependency);
 * for comparing training arms on one metric. Empty or non-finite data draw an empty panel saying "no data".
 */
export function overlaidLineChartSvg(opts: OverlaidLineChartOptions): string {
  const W = opts.width ?? 460;
  const plotH = (opts.height ?? 300) - 90;
  const names = Object.keys(opts.series);
  const color = (name: string, k: number): string => {
    const given = opts.colors !== undefined && Object.hasOwn(opts.colors, name) ? opts.colors[name] : undefined;
    return typeof given === "string" ? given : (SERIES_PALETTE[k % SERIES_PALETTE.length] as string);
  };
  const left = 58;
  const right = 14;
  const top = 34;
  const plotW = W - left - right;
  // Legend entries flow in rows under the x label; widths estimated from the name length (no text measuring).
  const legend: { name: string; x: number; row: number; k: number }[] = [];
  let lx = left;
  let row = 0;
  names.forEach((name, k) => {
    const shown = name.length > 40 ? `${name.slice(0, 39)}…` : name;
    const w = 26 + 6.6 * shown.length;
    if (lx > left && lx + w > W - right) {
      lx = left;
      row++;
    }
    legend.push({ name: shown, x: lx, row, k });
    lx += w + 12;
  });
  const H = top + plotH + 50 + (names.length > 0 ? (row + 1) * 16 : 0);
  const points = names.map((name) =>
    (opts.series[name] ?? [])
      .filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y))
      .map(([x, y]) => [x, y] as [number, number])
      .sort((a, b) => a[0] - b[0]),
  );
  const all = points.flat();
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(opts.title)}" font-family="system-ui, sans-serif" font-size="11">`,
    `<title>${escapeHtml(opts.title)}</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="20" text-anchor="middle" font-size="14" font-weight="600">${escapeHtml(opts.title)}</text>`,
  ];
  const bottom = top + plotH;
  if (all.length === 0) {
    parts.push(`<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="#fafafa" stroke="#bbb"/>`);
    parts.push(
      `<text x="${left + plotW / 2}" y="${top + plotH / 2}" text-anchor="middle" fill="#888" font-size="13">no data</text>`,
    );
  } else {
    const xs = all.map((p) => p[0]);
    const ys = all.map((p) => p[1]);
    const min = (vs: number[]): number => vs.reduce((a, b) => (b < a ? b : a));
    const max = (vs: number[]): number => vs.reduce((a, b) => (b > a ? b : a));
    const xMin = min(xs);
    const xMax = max(xs);
    const [y0, y1] = paddedRange(min(ys), max(ys));
    // Spans can overflow to Infinity for extreme values; scale through halves so coordinates stay finite.
    const frac = (v: number, lo: number, hi: number): number => {
      const span = hi / 2 - lo / 2;
      return span > 0 ? Math.min(1, Math.max(0, (v / 2 - lo / 2) / span)) : 0.5;
    };
    const sx = (x: number): string => (left + frac(x, xMin, xMax) * plotW).toFixed(1);
    const sy = (y: number): string => (bottom - frac(y, y0, y1) * plotH).toFixed(1);
    for (const t of niceTicks(y0, y1, 5).filter((t) => t >= y0 && t <= y1)) {
      parts.push(
        `<line x1="${left}" x2="${left + plotW}" y1="${sy(t)}" y2="${sy(t)}" stroke="#e4e4e4"/>`,
        `<text x="${left - 6}" y="${(Number(sy(t)) + 4).toFixed(1)}" text-anchor="end" fill="#444">${escapeHtml(formatNumber(t))}</text>`,
      );
    }
    for (const t of niceTicks(xMin, xMax, 6)) {
      parts.push(
        `<line x1="${sx(t)}" x2="${sx(t)}" y1="${bottom}" y2="${bottom + 4}" stroke="#888"/>`,
        `<text x="${sx(t)}" y="${bottom + 16}" text-anchor="middle" fill="#444">${escapeHtml(formatNumber(t))}</text>`,
      );
    }
    parts.push(`<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`);
    points.forEach((pts, k) => {
      const name = names[k] as string;
      const c = escapeHtml(color(name, k));
      if (pts.length > 1)
        parts.push(
          `<polyline fill="none" stroke="${c}" stroke-width="2" stroke-linejoin="round" points="${pts.map(([x, y]) => `${sx(x)},${sy(y)}`).join(" ")}"/>`,
        );
      if (pts.length <= 40)
        for (const [x, y] of pts)
          parts.push(
            `<circle cx="${sx(x)}" cy="${sy(y)}" r="2.5" fill="${c}"><title>${escapeHtml(`${name}: ${formatNumber(y, 4)} at ${formatNumber(x, 6)}`)}</title></circle>`,
          );
    });
  }
  parts.push(
    `<text x="${left + plotW / 2}" y="${bottom + 34}" text-anchor="middle" fill="#222">${escapeHtml(opts.xLabel)}</text>`,
  );
  if (opts.yLabel !== undefined)
    parts.push(
      `<text transform="translate(14 ${top + plotH / 2}) rotate(-90)" text-anchor="middle" fill="#222">${escapeHtml(opts.yLabel)}</text>`,
    );
  for (const e of legend) {
    const y = bottom + 50 + e.row * 16;
    const c = escapeHtml(color(names[e.k] as string, e.k));
    parts.push(
      `<line x1="${e.x}" x2="${e.x + 18}" y1="${y - 4}" y2="${y - 4}" stroke="${c}" stroke-width="3"/>`,
      `<text x="${e.x + 24}" y="${y}" fill="#222">${escapeHtml(e.name)}</text>`,
    );
  }
  parts.push("</svg>");
  return parts.join("\n");
}
