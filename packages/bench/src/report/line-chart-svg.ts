import { SERIES_PALETTE } from "./series-palette";
const PALETTE = SERIES_PALETTE;

const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Line charts (one panel per series name) of y against x, as standalone SVG; for training curves. */
export function lineChartSvg(opts: {
  title: string;
  xLabel: string;
  series: Readonly<Record<string, readonly [number, number][]>>;
}): string {
  const names = Object.keys(opts.series);
  const panelW = 300;
  const panelH = 180;
  const cols = Math.min(3, Math.max(1, names.length));
  const rows = Math.ceil(names.length / cols);
  const W = cols * panelW + 20;
  const H = rows * (panelH + 30) + 40;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="10">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">${esc(opts.title)}</text>`,
  ];
  names.forEach((name, k) => {
    const pts = (opts.series[name] ?? []).filter(([x, yv]) => Number.isFinite(x) && Number.isFinite(yv));
    const ox = 10 + (k % cols) * panelW + 40;
    const oy = 40 + Math.floor(k / cols) * (panelH + 30);
    const w = panelW - 60;
    const h = panelH - 40;
    parts.push(`<text x="${ox + w / 2}" y="${oy - 4}" text-anchor="middle">${esc(name)}</text>`);
    parts.push(`<rect x="${ox}" y="${oy}" width="${w}" height="${h}" fill="none" stroke="#999"/>`);
    if (pts.length === 0) return;
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
    let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
    if (y0 === y1) [y0, y1] = [y0 - 1, y1 + 1];
    const sx = (x: number): number => ox + (x1 === x0 ? w / 2 : ((x - x0) / (x1 - x0)) * w);
    const sy = (v: number): number => oy + h - ((v - y0) / (y1 - y0)) * h;
    parts.push(
      `<polyline fill="none" stroke="${PALETTE[k % PALETTE.length]}" stroke-width="1.5" points="${pts.map(([x, v]) => `${sx(x).toFixed(1)},${sy(v).toFixed(1)}`).join(" ")}"/>`,
    );
    parts.push(
      `<text x="${ox - 3}" y="${oy + 8}" text-anchor="end">${y1.toPrecision(3)}</text><text x="${ox - 3}" y="${oy + h}" text-anchor="end">${y0.toPrecision(3)}</text>`,
    );
    parts.push(
      `<text x="${ox}" y="${oy + h + 12}">${x0}</text><text x="${ox + w}" y="${oy + h + 12}" text-anchor="end">${x1} ${esc(opts.xLabel)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("\n");
}
