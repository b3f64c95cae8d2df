import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type HtmlReportData,
  type HtmlReportDialogue,
  type HtmlReportSection,
  renderHtmlReport,
  writeHtmlReport,
} from "./html-report";
import { rewardColor } from "./reward-color";

const sampleDialogues: HtmlReportDialogue[] = [
  {
    title: "d1",
    task: "decide",
    messages: [
      { speaker: "agent 1", text: "SHARE A=2", reward: 0.5, terms: { share: 0.5, ask: 0 } },
      { speaker: "agent 2", text: "lie", reward: -0.25 },
    ],
    choices: "A, A",
  },
];

const sample: HtmlReportData = {
  title: "CoSIR demo",
  subtitle: "two arms",
  meta: { seed: "1" },
  sections: [
    { kind: "text", title: "About", paragraphs: ["What this is."] },
    {
      kind: "curves",
      title: "Learning curves",
      curves: [
        {
          title: "Held-out team accuracy",
          xLabel: "episodes",
          series: {
            outcomeOnly: [
              [0, 0.4],
              [10, 0.5],
            ],
            cosir: [
              [0, 0.4],
              [10, 0.6],
            ],
          },
        },
        { title: "Share term", xLabel: "episodes", series: { cosir: [[0, 0.1]], outcomeOnly: [] } },
      ],
    },
    {
      kind: "tables",
      title: "Held-out",
      tables: [
        {
          title: "Demo",
          header: ["policy", "accuracy"],
          rows: [
            ["cosir", 0.71234],
            ["base", null],
          ],
        },
      ],
    },
    {
      kind: "dialogues",
      title: "Dialogues",
      dialogues: sampleDialogues,
    },
  ],
};

/** Whether a string has no lone surrogate (encodeURIComponent throws on one). */
const wellFormed = (s: string): boolean => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

/** The tags of a page, in order; text never adds one, since every "<" of text is escaped. */
const tagNames = (html: string): string[] => [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[0]);

/** The same data with every string replaced by "x" ("" kept) and every record key by k0, k1...: the skeleton. */
function skeleton(data: HtmlReportData): HtmlReportData {
  const s = (t: string): string => (t === "" ? "" : "x");
  const keys = <T>(r: Readonly<Record<string, T>>, f: (v: T) => T): Record<string, T> =>
    Object.fromEntries(Object.entries(r).map(([, v], i) => [`k${i}`, f(v)]));
  const section = (sec: HtmlReportSection): HtmlReportSection => {
    switch (sec.kind) {
      case "text":
        return { ...sec, title: s(sec.title), paragraphs: sec.paragraphs.map(s) };
      case "curves":
        return {
          ...sec,
          title: s(sec.title),
          ...(sec.intro === undefined ? {} : { intro: s(sec.intro) }),
          curves: sec.curves.map((c) => ({
            ...c,
            title: s(c.title),
            xLabel: s(c.xLabel),
            series: keys(c.series, (v) => v),
          })),
        };
      case "tables":
        return {
          ...sec,
          title: s(sec.title),
          tables: sec.tables.map((t) => ({
            ...t,
            title: s(t.title),
            header: t.header.map(s),
            rows: t.rows.map((r) => r.map((c) => (typeof c === "string" ? s(c) : c))),
            ...(t.notes === undefined ? {} : { notes: t.notes.map(s) }),
          })),
        };
      case "dialogues":
        return {
          ...sec,
          title: s(sec.title),
          dialogues: sec.dialogues.map((d) => ({
            ...d,
            title: s(d.title),
            task: s(d.task),
            ...(d.choices === undefined ? {} : { choices: s(d.choices) }),
            messages: d.messages.map((m) => ({
              ...m,
              speaker: s(m.speaker),
              text: s(m.text),
              ...(m.terms === undefined ? {} : { terms: keys(m.terms, (v) => v) }),
            })),
          })),
        };
    }
  };
  return {
    title: s(data.title),
    ...(data.subtitle === undefined ? {} : { subtitle: s(data.subtitle) }),
    ...(data.meta === undefined ? {} : { meta: keys(data.meta, s) }),
    sections: data.sections.map(section),
  };
}

const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      "<script>",
      "<SCRIPT src=//evil.example/x.js>",
      "</script>",
      "<",
      ">",
      "&",
      '"',
      "'",
      "\u0000",
      "\ud800",
      "<!--",
      "-->",
      "]]>",
      "</style>",
      "</textarea>",
      "<svg onload=alert(1)>",
      '" onmouseover="alert(1)',
      "&lt;",
      "__proto__",
    ),
    fc.string({ unit: "binary", maxLength: 4 }),
  ),
  maxLength: 6,
});
const num = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY));
const record = <T>(v: fc.Arbitrary<T>) => fc.dictionary(hostile, v, { maxKeys: 3 });
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const withOptional = <T extends object>(obj: T): T =>
  Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
const sectionArb: fc.Arbitrary<HtmlReportSection> = fc.oneof(
  fc.record({ kind: fc.constant("text" as const), title: hostile, paragraphs: fc.array(hostile, { maxLength: 3 }) }),
  fc
    .record({
      kind: fc.constant("curves" as const),
      title: hostile,
      intro: opt(hostile),
      curves: fc.array(
        fc.record({
          title: hostile,
          xLabel: hostile,
          series: record(fc.array(fc.tuple(num, num), { maxLength: 5 })),
        }),
        { maxLength: 3 },
      ),
    })
    .map(withOptional),
  fc.record({
    kind: fc.constant("tables" as const),
    title: hostile,
    tables: fc.array(
      fc
        .record({
          title: hostile,
          header: fc.array(hostile, { maxLength: 4 }),
          rows: fc.array(fc.array(fc.oneof(hostile, num, fc.constant(null)), { maxLength: 5 }), { maxLength: 3 }),
          notes: opt(fc.array(hostile, { maxLength: 2 })),
        })
        .map(withOptional),
      { maxLength: 2 },
    ),
  }),
  fc.record({
    kind: fc.constant("dialogues" as const),
    title: hostile,
    dialogues: fc.array(
      fc
        .record({
          title: hostile,
          task: hostile,
          choices: opt(hostile),
          messages: fc.array(
            fc.record({ speaker: hostile, text: hostile, reward: num, terms: opt(record(num)) }).map(withOptional),
            { maxLength: 4 },
          ),
        })
        .map(withOptional),
      { maxLength: 2 },
    ),
  }),
);
const dataArb: fc.Arbitrary<HtmlReportData> = fc
  .record({
    title: hostile,
    subtitle: opt(hostile),
    meta: opt(record(hostile)),
    sections: fc.array(sectionArb, { maxLength: 4 }),
  })
  .map(withOptional);

describe("renderHtmlReport", () => {
  it("renders a complete page: charts, tables, dialogues, arm legend, and no script or external resource", () => {
    const html = renderHtmlReport(sample);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html.match(/<li class="msg /g)).toHaveLength(2);
    expect(html.match(/<table class="data">/g)).toHaveLength(1);
    expect(html).toContain("<td>0.712</td>");
    expect(html).toContain("<td>–</td>");
    expect(html).not.toMatch(/<script|<link|<img|<iframe|url\(|@import|src=/i);
    // The only "http" strings: the SVG namespace name and the CSP meta tag's http-equiv.
    expect(html.replaceAll('xmlns="http://www.w3.org/2000/svg"', "").replaceAll("http-equiv", "")).not.toMatch(/http/i);
    expect(html).toContain("default-src 'none'");
    for (const href of html.matchAll(/href="([^"]*)"/g)) expect(href[1]).toMatch(/^#section-\d+$/);
  });

  it("colours messages by reward on one scale per section (the largest |reward|), terms in the title and small text", () => {
    const html = renderHtmlReport(sample);
    expect(html).toContain(`class="msg positive" style="background-color: ${rewardColor(0.5, 0.5)}"`);
    expect(html).toContain(`class="msg negative" style="background-color: ${rewardColor(-0.25, 0.5)}"`);
    expect(html).toContain('title="reward +0.5\nshare +0.5\nask 0"');
    expect(html).toContain('<div class="terms">share +0.5 · ask 0</div>');
    expect(html).toContain('data-reward-scale="0.5"');
    const fixed = renderHtmlReport({
      ...sample,
      sections: [
        {
          kind: "dialogues",
          title: "D",
          dialogues: sampleDialogues,
          rewardScale: 2,
        },
      ],
    });
    expect(fixed).toContain(`style="background-color: ${rewardColor(0.5, 2)}"`);
  });

  it("gives an arm the same colour in every panel, by first appearance", () => {
    const html = renderHtmlReport(sample);
    // cosir comes second in the first panel and first in the second: orange in both.
    const legendColour = (panel: string, arm: string) =>
      new RegExp(`stroke="(#[0-9a-f]{6})" stroke-width="3"/>\\n<text [^>]*>${arm}<`).exec(panel)?.[1];
    const panels = html.split("<svg ").slice(1);
    expect(legendColour(panels[0] as string, "cosir")).toBe("#f28e2b");
    expect(legendColour(panels[1] as string, "cosir")).toBe("#f28e2b");
    expect(legendColour(panels[1] as string, "outcomeOnly")).toBe("#4e79a7");
  });

  it("renders empty and degenerate inputs without throwing", () => {
    for (const data of [
      { title: "", sections: [] },
      {
        title: "t",
        sections: [
          { kind: "curves", title: "c", curves: [] },
          { kind: "curves", title: "c", curves: [{ title: "x", xLabel: "e", series: {} }] },
          { kind: "tables", title: "t", tables: [] },
          { kind: "tables", title: "t", tables: [{ title: "", header: [], rows: [] }] },
          { kind: "tables", title: "t", tables: [{ title: "", header: ["a"], rows: [[], ["1", "2", "3"]] }] },
          { kind: "dialogues", title: "d", dialogues: [] },
          { kind: "dialogues", title: "d", dialogues: [{ title: "", task: "", messages: [] }] },
          {
            kind: "dialogues",
            title: "d",
            dialogues: [
              {
                title: "",
                task: "",
                messages: [
                  { speaker: "", text: "", reward: Number.NaN, terms: {} },
                  { speaker: "", text: "", reward: Number.POSITIVE_INFINITY },
                  { speaker: "", text: "", reward: 0 },
                ],
              },
            ],
          },
          { kind: "text", title: "", paragraphs: [] },
        ],
      },
    ] satisfies HtmlReportData[]) {
      const html = renderHtmlReport(data);
      expect(html).toContain("</html>");
      expect(html).not.toMatch(/\s(x|y|x1|x2|y1|y2|cx|cy|points|width|height)="[^"]*(NaN|Infinity)/);
    }
  });

  it("rejects a reward scale that is not finite and positive", () => {
    for (const rewardScale of [0, -1, Number.NaN])
      expect(() =>
        renderHtmlReport({ title: "t", sections: [{ kind: "dialogues", title: "d", dialogues: [], rewardScale }] }),
      ).toThrow(InvalidArgumentError);
  });

  it("escapes every text field: no script, no injected tag, the page skeleton does not depend on the text", () => {
    fc.assert(
      fc.property(dataArb, (data) => {
        const html = renderHtmlReport(data);
        expect(html).not.toMatch(/<script/i);
        expect(html).not.toMatch(/<svg onload|<img|<textarea|<!--/i);
        expect(tagNames(html)).toEqual(tagNames(renderHtmlReport(skeleton(data))));
        // Attribute values never break out: every tag is well formed up to its closing ">".
        for (const tag of html.matchAll(/<[a-zA-Z][^>]*>/g))
          expect(tag[0]).toMatch(/^<[a-zA-Z][\w-]*(\s+[\w:-]+(="[^"<>]*")?)*\s*\/?>$/);
        expect(wellFormed(html)).toBe(true);
      }),
    );
  });
});

describe("writeHtmlReport", () => {
  it("creates the directory, writes the rendered page and leaves no temporary file", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "cosir-html-")), "runs", "demo");
    const path = join(dir, "report.html");
    expect(writeHtmlReport(path, sample)).toBe(path);
    expect(readFileSync(path, "utf8")).toBe(renderHtmlReport(sample));
    writeHtmlReport(path, { ...sample, title: "second" });
    expect(readFileSync(path, "utf8")).toContain("<title>second</title>");
    expect(readdirSync(dir)).toEqual(["report.html"]);
  });

  it("writes nothing when rendering throws", () => {
    const dir = mkdtempSync(join(tmpdir(), "cosir-html-"));
    const path = join(dir, "report.html");
    expect(() =>
      writeHtmlReport(path, {
        title: "t",
        sections: [{ kind: "dialogues", title: "d", dialogues: [], rewardScale: 0 }],
      }),
    ).toThrow(InvalidArgumentError);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
