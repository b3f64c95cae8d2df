// The generated page opened in a real headless browser (Debian's chromium through puppeteer-core, which downloads
// no browser): no console or page errors, no request leaves the file, charts have a size, messages carry their
// reward colours. A screenshot is saved to a temporary directory (its path is printed) for a person to look at.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HtmlReportData, type HtmlReportDialogue, writeHtmlReport } from "./html-report";
import { rewardColor } from "./reward-color";

/** What the page callbacks use of the browser's globals (the package compiles without the DOM lib). */
interface BrowserGlobal {
  getComputedStyle(element: unknown): { backgroundColor: string };
  __pwned?: number;
}

const chromium = process.env.COSIR_CHROMIUM ?? "/usr/bin/chromium";
const present = existsSync(chromium);
const inCi = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
if (!present && !inCi)
  console.warn(
    `[html-report.browser] SKIPPED: no chromium at ${chromium}; install it (apt-get install -y chromium) or set COSIR_CHROMIUM. In CI (CI set) this test fails instead.`,
  );

/** A small seeded generator so the fixture's curves look like noisy training curves and never change. */
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

function curve(seed: number, start: number, end: number, spread: number): [number, number][] {
  const rand = noise(seed);
  return Array.from({ length: 25 }, (_, i) => {
    const episodes = i * 400;
    const t = i / 24;
    return [episodes, start + (end - start) * (1 - Math.exp(-3 * t)) + spread * rand()] as [number, number];
  });
}

const dialogues: HtmlReportDialogue[] = [
  {
    title: "cosir · heldout.hiddenProfile #12",
    task: "Pick the best candidate among A, B, C.\nAgent 1 saw: A is late (level 2). Agent 2 saw: B is certified (level 3). Agent 3 saw nothing decisive.",
    messages: [
      {
        speaker: "agent 1",
        text: "SHARE A.late=2",
        reward: 0.42,
        terms: { share: 0.45, ask: 0, falseClaim: 0, use: -0.03 },
      },
      {
        speaker: "agent 2",
        text: "ASK agent 3: C.cost?",
        reward: 0.08,
        terms: { share: 0, ask: 0.08, falseClaim: 0, use: 0 },
      },
      {
        speaker: "agent 3",
        text: "SHARE C.cost=1",
        reward: 0.003,
        terms: { share: 0.003, ask: 0, falseClaim: 0, use: 0 },
      },
      {
        speaker: "agent 2",
        text: "SHARE B.certified=1 (but I saw 3)",
        reward: -0.6,
        terms: { share: 0, ask: 0, falseClaim: -0.6, use: 0 },
      },
    ],
    choices: "agent 1: B · agent 2: B · agent 3: C → team B (correct: B)",
  },
  {
    title: "outcomeOnly · heldout.whodunit #3 (hostile text is shown, never run)",
    task: 'Who took the key? <script>window.__pwned = 1</script> "quotes" & ampersands',
    messages: [
      {
        speaker: "<b>agent 1</b>",
        text: '<img src=x onerror="window.__pwned = 2"> I think it was the butler.',
        reward: -0.05,
        terms: { share: 0, ask: 0, falseClaim: -0.05, use: 0 },
      },
      { speaker: "agent 2", text: "</style><script>window.__pwned = 3</script>", reward: 0 },
      { speaker: "agent 3", text: "format error: <<unparsed>>", reward: Number.NaN },
      { speaker: "agent 1", text: "a very long message ".repeat(12), reward: 0.2, terms: { share: 0.2 } },
    ],
  },
  { title: "base · an empty dialogue", task: "Nothing was said.", messages: [] },
];

const data: HtmlReportData = {
  title: "CoSIR demo report",
  subtitle: "Base policy and two RL arms (outcomeOnly, cosir), evaluated on held-out tasks.",
  meta: {
    command: "cosir demo",
    seed: "7",
    episodes: "9600 per arm",
    written: "fixture of html-report.browser.test.ts",
  },
  sections: [
    {
      kind: "curves",
      title: "Learning curves",
      intro: "Held-out team accuracy and the mean reward terms per message, against training episodes.",
      curves: [
        {
          title: "Held-out team accuracy",
          xLabel: "episodes",
          series: { outcomeOnly: curve(1, 0.42, 0.55, 0.04), cosir: curve(2, 0.42, 0.71, 0.04) },
        },
        {
          title: "Share term",
          xLabel: "episodes",
          series: { outcomeOnly: curve(3, 0.05, 0.09, 0.01), cosir: curve(4, 0.05, 0.21, 0.01) },
        },
        {
          title: "Ask term",
          xLabel: "episodes",
          series: { outcomeOnly: curve(5, 0.01, 0.012, 0.004), cosir: curve(6, 0.01, 0.05, 0.004) },
        },
        {
          title: "False-claim term",
          xLabel: "episodes",
          series: { outcomeOnly: curve(7, -0.08, -0.07, 0.01), cosir: curve(8, -0.08, -0.01, 0.01) },
        },
        {
          title: "Use term",
          xLabel: "episodes",
          series: { outcomeOnly: curve(9, 0.02, 0.03, 0.005), cosir: curve(10, 0.02, 0.06, 0.005) },
        },
        {
          title: "A metric with no data yet",
          xLabel: "episodes",
          series: { outcomeOnly: [], cosir: [[0, Number.NaN]] },
        },
      ],
    },
    {
      kind: "tables",
      title: "Held-out evaluation",
      tables: [
        {
          title: "Demo tasks (400 held-out episodes per policy)",
          header: ["policy", "team accuracy % [95% CI]", "disclosure %", "ask rate %", "mean reward", "format errors"],
          rows: [
            ["base", "41.8 [37.0, 46.5]", "22.4", "3.1", -0.0123, 0],
            ["outcomeOnly", "55.3 [50.5, 60.0]", "31.0", "2.2", 0.0311, 3],
            ["cosir", "71.0 [66.5, 75.3]", "68.9", "14.7", 0.1182, null],
          ],
          notes: ["disclosure: share of decisive private cells that a holder shared truthfully."],
        },
        {
          title: "Held-out benchmark families, team accuracy % [95% CI]",
          header: ["benchmark", "base", "outcomeOnly", "cosir"],
          rows: [
            ["heldout.hiddenProfile", "40.1 [35.2, 45.0]", "51.2 [46.3, 56.0]", "66.0 [61.2, 70.5]"],
            ["heldout.weightedDecision", "44.0 [39.1, 48.8]", "50.0 [45.0, 55.0]", "61.8 [57.0, 66.5]"],
            ["heldout.meetingScheduling", "30.2 [25.8, 34.8]", "35.5 [30.8, 40.3]", "48.0 [43.0, 53.0]"],
            ["heldout.whodunit", "33.3 [28.8, 38.0]", "38.8 [34.0, 43.5]", "52.5 [47.5, 57.5]"],
            ["heldout.arithmetic", "61.0 [56.2, 65.8]", "63.3 [58.5, 68.0]", "70.2 [65.6, 74.6]"],
            ["heldout.bigTeam", "25.5 [21.3, 29.8]", "29.0 [24.6, 33.5]", "41.3 [36.5, 46.1]"],
            ["heldout.asymmetricExpertise", "36.8 [32.0, 41.5]", "42.0 [37.1, 46.9]", "55.0 [50.0, 60.0]"],
            ["held-out sum (0-7)", "2.71", "3.10", "3.95"],
          ],
        },
      ],
    },
    {
      kind: "dialogues",
      title: "Dialogues",
      intro: "Each message's background is its reward; hover a message for its reward terms.",
      dialogues,
    },
  ],
};

const rewardScale = Math.max(
  ...dialogues.flatMap((d) => d.messages.map((m) => (Number.isFinite(m.reward) ? Math.abs(m.reward) : 0))),
);

describe.skipIf(!present && !inCi)("renderHtmlReport in headless chromium", () => {
  let browser: Browser | undefined;
  const dir = mkdtempSync(join(tmpdir(), "cosir-html-report-"));
  const file = join(dir, "report.html");
  const screenshot = join(dir, "report.png");

  beforeAll(async () => {
    if (!present) return;
    const { launch } = await import("puppeteer-core");
    browser = await launch({
      executablePath: chromium,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("renders without errors, draws every chart, colours every message, and saves a screenshot", async () => {
    // Reached without chromium only when CI is set: fail here so the run counts a failed test.
    if (!present)
      throw new Error(
        `chromium not found at ${chromium} while CI is set: install it (apt-get install -y chromium, as .ci/run does) or set COSIR_CHROMIUM to a chromium binary`,
      );
    writeHtmlReport(file, data);
    const page = await (browser as Browser).newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`page: ${String(e)}`));
    page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
    page.on("request", (r) => requests.push(r.url()));
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });

    const charts = await page.$$eval("svg.chart", (svgs) =>
      svgs.map((s) => {
        const box = s.getBoundingClientRect();
        return { width: box.width, height: box.height, lines: s.querySelectorAll("polyline").length };
      }),
    );
    const curvesSection = data.sections[0];
    expect(curvesSection?.kind).toBe("curves");
    expect(charts).toHaveLength(curvesSection?.kind === "curves" ? curvesSection.curves.length : -1);
    for (const c of charts) {
      expect(c.width).toBeGreaterThan(100);
      expect(c.height).toBeGreaterThan(100);
    }
    expect(charts.slice(0, 5).map((c) => c.lines)).toEqual([2, 2, 2, 2, 2]);
    expect(charts[5]?.lines).toBe(0);

    const messages = await page.$$eval("li.msg", (items) =>
      items.map((li) => ({
        background: (globalThis as unknown as BrowserGlobal).getComputedStyle(li).backgroundColor,
        text: li.querySelector(".msg-text")?.textContent ?? "",
        title: li.getAttribute("title") ?? "",
        height: li.getBoundingClientRect().height,
      })),
    );
    const expected = dialogues.flatMap((d) => d.messages);
    expect(messages).toHaveLength(expected.length);
    messages.forEach((m, i) => {
      const want = expected[i]!;
      expect(m.background).toBe(rewardColor(want.reward, rewardScale));
      expect(m.text).toBe(want.text);
      expect(m.height).toBeGreaterThan(0);
      for (const term of Object.keys(want.terms ?? {})) expect(m.title).toContain(term);
    });
    expect(messages[0]?.background).toBe(rewardColor(0.42, 0.6));
    expect(messages[0]?.background).not.toBe(messages[3]?.background);

    const tables = await page.$$eval("table.data", (ts) => ts.map((t) => t.querySelectorAll("tbody tr").length));
    expect(tables).toEqual([3, 8]);
    // The hostile text stayed text: no script ran, no element was injected.
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobal).__pwned)).toBeUndefined();
    expect(await page.$$eval("script, img", (els) => els.length)).toBe(0);

    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`[html-report.browser] screenshot: ${screenshot}`);
    expect(existsSync(screenshot)).toBe(true);
    expect(errors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    await page.close();
  });
});
