import { prepareOutputFolder, writeOutputAtomic } from "@cosir/policy";
import { dirname } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import { escapeHtml } from "./escape-html";
import { formatNumber, formatSigned } from "./format-number";
import { overlaidLineChartSvg } from "./overlaid-line-chart-svg";
import { SERIES_PALETTE } from "./series-palette";
import { rewardColor, rewardTone } from "./reward-color";

/** One chart panel: a metric against x, one line per arm. */
export interface HtmlReportCurve {
  title: string;
  xLabel: string;
  yLabel?: string;
  /** Arm name -> [x, y] points; non-finite points are left out of the drawing. */
  series: Readonly<Record<string, readonly (readonly [number, number])[]>>;
}

/** A table cell: text as given, a number formatted to 3 significant digits, null as a dash. */
export type HtmlReportCell = string | number | null;

export interface HtmlReportTable {
  title: string;
  header: readonly string[];
  rows: readonly (readonly HtmlReportCell[])[];
  /** Small print under the table (definitions, sample sizes). */
  notes?: readonly string[];
}

/** One message of a dialogue with the reward it earned and, optionally, that reward's terms. */
export interface HtmlReportMessage {
  speaker: string;
  text: string;
  reward: number;
  terms?: Readonly<Record<string, number>>;
}

export interface HtmlReportDialogue {
  title: string;
  /** What the team had to decide and who saw what, as plain text. */
  task: string;
  messages: readonly HtmlReportMessage[];
  /** The final choices (and the answer), as plain text. */
  choices?: string;
}

export type HtmlReportSection =
  | { kind: "text"; title: string; paragraphs: readonly string[] }
  | { kind: "curves"; title: string; intro?: string; curves: readonly HtmlReportCurve[] }
  | { kind: "tables"; title: string; intro?: string; tables: readonly HtmlReportTable[] }
  | {
      kind: "dialogues";
      title: string;
      intro?: string;
      dialogues: readonly HtmlReportDialogue[];
      /** |reward| at which a message is fully green or red; the largest finite |reward| of the section otherwise. */
      rewardScale?: number;
    };

/** Everything the HTML report shows, as plain serialisable data. */
export interface HtmlReportData {
  title: string;
  subtitle?: string;
  /** Key facts under the title (command, seed, episodes ...), in order. */
  meta?: Readonly<Record<string, string>>;
  sections: readonly HtmlReportSection[];
}

const CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #f5f5f2; color: #1d1d1f;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", "Liberation Sans", sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 0 0 10px; }
h3 { font-size: 15px; margin: 0 0 6px; }
.subtitle { color: #555; margin: 0 0 12px; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; font-size: 13px; margin: 8px 0; }
dl.meta dt { color: #666; }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
nav.toc { font-size: 14px; margin: 10px 0 0; }
nav.toc a { color: #2c5d8f; margin-right: 16px; text-decoration: none; }
section { background: #fff; border: 1px solid #e2e2dc; border-radius: 10px; padding: 18px 22px; margin: 20px 0; }
.intro, .section-text p { margin: 0 0 12px; max-width: 80ch; white-space: pre-wrap; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(440px, 1fr)); gap: 12px; }
.charts svg { display: block; width: 100%; max-width: 460px; height: auto; }
.table-wrap { overflow-x: auto; margin: 4px 0 18px; }
table.data { border-collapse: collapse; font-size: 14px; font-variant-numeric: tabular-nums; }
table.data caption { caption-side: top; text-align: left; font-weight: 600; padding: 0 0 6px; }
table.data th, table.data td { padding: 5px 12px; border-bottom: 1px solid #e6e6e6; text-align: right; white-space: nowrap; }
table.data th:first-child, table.data td:first-child { text-align: left; }
table.data thead th { border-bottom: 2px solid #9a9a9a; background: #fafafa; }
table.data tbody tr:nth-child(even) { background: #fafaf7; }
.notes { font-size: 12.5px; color: #555; margin: 6px 0 0; padding-left: 18px; }
.legend { display: flex; flex-wrap: wrap; align-items: center; gap: 4px; font-size: 12px; margin: 0 0 12px; }
.legend .swatch { min-width: 62px; padding: 3px 6px; border-radius: 4px; text-align: center; border: 1px solid rgba(0,0,0,.08); }
.legend .label { margin-right: 8px; color: #444; }
.dialogue-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(460px, 1fr)); gap: 16px; }
article.dialogue { border: 1px solid #e0e0e0; border-radius: 8px; padding: 12px 14px; }
.task { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 13px; color: #333; background: #f7f7f5;
  border-radius: 6px; padding: 8px 10px; margin: 0; }
ol.messages { list-style: none; padding: 0; margin: 10px 0; }
li.msg { border-radius: 8px; padding: 6px 10px; margin: 6px 0; border: 1px solid rgba(0,0,0,.08); color: #111; }
.msg-head { display: flex; justify-content: space-between; gap: 12px; font-size: 12.5px; }
.speaker { font-weight: 700; overflow-wrap: anywhere; }
.reward { font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap; }
.msg-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.terms { font-size: 11.5px; color: #333; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.choices { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 13px; margin: 0; }
.empty { color: #888; font-style: italic; }
footer { font-size: 12px; color: #777; margin-top: 24px; }
`;

// No scripts and no fetches are needed, so the policy forbids them: escaping is the first defence, this the second.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The largest finite |reward| of these dialogues, or 1 when there is none (or all are zero). */
function defaultRewardScale(dialogues: readonly HtmlReportDialogue[]): number {
  let scale = 0;
  for (const d of dialogues)
    for (const m of d.messages) if (Number.isFinite(m.reward)) scale = Math.max(scale, Math.abs(m.reward));
  return scale > 0 ? scale : 1;
}

function renderTable(table: HtmlReportTable): string {
  const width = Math.max(table.header.length, ...table.rows.map((r) => r.length));
  const cell = (c: HtmlReportCell | undefined): string =>
    c === null || c === undefined ? "–" : typeof c === "number" ? formatNumber(c) : c;
  const pad = <T>(cells: readonly T[]): (T | undefined)[] => Array.from({ length: width }, (_, i) => cells[i]);
  const head = pad(table.header)
    .map((h) => `<th scope="col">${escapeHtml(h ?? "")}</th>`)
    .join("");
  const body = table.rows
    .map(
      (r) =>
        `<tr>${pad(r)
          .map((c) => `<td>${escapeHtml(cell(c))}</td>`)
          .join("")}</tr>`,
    )
    .join("\n");
  const notes =
    table.notes === undefined || table.notes.length === 0
      ? ""
      : `<ul class="notes">${table.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul>`;
  return `<div class="table-wrap"><table class="data"><caption>${escapeHtml(table.title)}</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>${notes}</div>`;
}

function termsText(terms: Readonly<Record<string, number>>, separator: string): string {
  return Object.entries(terms)
    .map(([name, v]) => `${name} ${formatSigned(v)}`)
    .join(separator);
}

function renderMessage(m: HtmlReportMessage, scale: number): string {
  const terms = m.terms !== undefined && Object.keys(m.terms).length > 0 ? m.terms : undefined;
  const title = `reward ${formatSigned(m.reward)}${terms === undefined ? "" : `\n${termsText(terms, "\n")}`}`;
  const tone = rewardTone(m.reward, scale);
  const sign = Number.isNaN(m.reward) ? "unknown" : tone > 0 ? "positive" : tone < 0 ? "negative" : "neutral";
  return [
    `<li class="msg ${sign}" style="background-color: ${rewardColor(m.reward, scale)}" title="${escapeHtml(title)}" data-reward="${escapeHtml(String(m.reward))}">`,
    `<div class="msg-head"><span class="speaker">${escapeHtml(m.speaker)}</span><span class="reward">${escapeHtml(formatSigned(m.reward))}</span></div>`,
    `<div class="msg-text">${escapeHtml(m.text)}</div>`,
    terms === undefined ? "" : `<div class="terms">${escapeHtml(termsText(terms, " · "))}</div>`,
    "</li>",
  ].join("");
}

function rewardLegend(scale: number): string {
  // Tones -1, -1/2, -1/4, 0, 1/4, 1/2, 1 (the colour follows sqrt(|r| / scale)).
  const rewards = [-1, -0.25, -0.0625, 0, 0.0625, 0.25, 1].map((f) => f * scale);
  const swatches = rewards
    .map(
      (r) =>
        `<span class="swatch" style="background-color: ${rewardColor(r, scale)}">${escapeHtml(formatSigned(r, 2))}</span>`,
    )
    .join("");
  return `<div class="legend" data-reward-scale="${escapeHtml(String(scale))}"><span class="label">message background = its reward:</span>${swatches}</div>`;
}

function renderDialogue(d: HtmlReportDialogue, scale: number): string {
  const messages =
    d.messages.length === 0
      ? `<p class="empty">no messages</p>`
      : `<ol class="messages">\n${d.messages.map((m) => renderMessage(m, scale)).join("\n")}\n</ol>`;
  const choices = d.choices === undefined ? "" : `<p class="choices"><b>Choices:</b> ${escapeHtml(d.choices)}</p>`;
  return `<article class="dialogue"><h3>${escapeHtml(d.title)}</h3><p class="task">${escapeHtml(d.task)}</p>\n${messages}\n${choices}</article>`;
}

/** Arm -> colour over every curve of the report, in order of first appearance, so an arm looks the same everywhere. */
function armColors(sections: readonly HtmlReportSection[]): Record<string, string> {
  const colors = new Map<string, string>();
  for (const s of sections)
    if (s.kind === "curves")
      for (const c of s.curves)
        for (const arm of Object.keys(c.series))
          if (!colors.has(arm)) colors.set(arm, SERIES_PALETTE[colors.size % SERIES_PALETTE.length] as string);
  return Object.fromEntries(colors);
}

function renderSection(s: HtmlReportSection, id: string, colors: Record<string, string>): string {
  const intro = s.kind !== "text" && s.intro !== undefined ? `<p class="intro">${escapeHtml(s.intro)}</p>` : "";
  let body: string;
  switch (s.kind) {
    case "text":
      body = s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
      break;
    case "curves":
      body =
        s.curves.length === 0
          ? `<p class="empty">no curves</p>`
          : `<div class="charts">\n${s.curves
              .map((c) =>
                overlaidLineChartSvg({
                  title: c.title,
                  xLabel: c.xLabel,
                  series: c.series,
                  colors,
                  ...(c.yLabel === undefined ? {} : { yLabel: c.yLabel }),
                }),
              )
              .join("\n")}\n</div>`;
      break;
    case "tables":
      body = s.tables.length === 0 ? `<p class="empty">no tables</p>` : s.tables.map(renderTable).join("\n");
      break;
    case "dialogues": {
      const scale = s.rewardScale ?? defaultRewardScale(s.dialogues);
      if (!(Number.isFinite(scale) && scale > 0))
        throw new InvalidArgumentError("rewardScale", scale, "expected a finite positive reward scale");
      body =
        s.dialogues.length === 0
          ? `<p class="empty">no dialogues</p>`
          : `${rewardLegend(scale)}\n<div class="dialogue-grid">\n${s.dialogues.map((d) => renderDialogue(d, scale)).join("\n")}\n</div>`;
      break;
    }
  }
  return `<section id="${id}" class="section-${s.kind}">\n<h2>${escapeHtml(s.title)}</h2>\n${intro}\n${body}\n</section>`;
}

/**
 * The report as one self-contained HTML page: inline CSS and SVG, no script, no external resource (a
 * Content-Security-Policy forbids both). Pure; every string of `data` is escaped, since dialogues come from models.
 */
export function renderHtmlReport(data: HtmlReportData): string {
  const colors = armColors(data.sections);
  const ids = data.sections.map((_, i) => `section-${i + 1}`);
  const meta = Object.entries(data.meta ?? {});
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(data.title)}</title>`,
    `<style>${CSS}</style>`,
    "</head>",
    "<body>",
    "<main>",
    "<header>",
    `<h1>${escapeHtml(data.title)}</h1>`,
    data.subtitle === undefined ? "" : `<p class="subtitle">${escapeHtml(data.subtitle)}</p>`,
    meta.length === 0
      ? ""
      : `<dl class="meta">${meta.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl>`,
    data.sections.length === 0
      ? ""
      : `<nav class="toc">${data.sections.map((s, i) => `<a href="#${ids[i]}">${escapeHtml(s.title)}</a>`).join("")}</nav>`,
    "</header>",
    ...data.sections.map((s, i) => renderSection(s, ids[i] as string, colors)),
    "<footer>Self-contained report: inline CSS and SVG, no scripts, no external resources. Hover a message for its reward terms.</footer>",
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/**
 * Renders the report and writes it to `path` atomically (a temporary file in the same directory, then a rename), so
 * a reader never sees half a page; creates the directory. Returns `path`.
 */
export function writeHtmlReport(path: string, data: HtmlReportData): string {
  const html = renderHtmlReport(data);
  prepareOutputFolder(dirname(path), "path");
  writeOutputAtomic(path, html, "path");
  return path;
}
