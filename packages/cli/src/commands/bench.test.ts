import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadHiddenBench, scriptedHiddenBenchServer } from "@cosir/bench";
import { describe, expect, it } from "vitest";
import { runCli } from "../test/run-cli";
import { parsePolicySpecs } from "@cosir/policy";

describe("cosir bench", () => {
  it("writes report.md, summary.json and charts, prints the table and progress", async () => {
    const out = mkdtempSync(join(tmpdir(), "cosir-bench-cli-"));
    const { code, stdout, stderr } = await runCli([
      "bench",
      "--policies",
      "oracle,silent",
      "--n",
      "6",
      "--seed",
      "3",
      "--out",
      out,
      "--benchmark",
      "whodunit,arithmetic",
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain("held-out sum (0-7)");
    expect(stdout).toContain("whodunit");
    expect(stderr).toMatch(/\[#+\] 6\/6 whodunit x oracle/);
    for (const f of ["report.md", "summary.json", "accuracy.svg", "behaviour.svg"])
      expect(existsSync(join(out, f))).toBe(true);
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as {
      benchmarks: Record<string, Record<string, { teamAccuracy: number }>>;
      heldOutSum: Record<string, number>;
    };
    expect(Object.keys(summary.benchmarks)).toEqual(["whodunit", "arithmetic"]);
    expect(Object.keys(summary.heldOutSum)).toEqual(["oracle", "silent"]);
  });

  it("--json prints summary.json on stdout", async () => {
    const out = mkdtempSync(join(tmpdir(), "cosir-bench-cli-"));
    const { code, stdout } = await runCli([
      "bench",
      "--policies",
      "greedyShare",
      "--n",
      "3",
      "--out",
      out,
      "--benchmark",
      "soloFullInformation",
      "--json",
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(readFileSync(join(out, "summary.json"), "utf8")));
  });

  it("parses policy specs and names bad ones", async () => {
    expect(parsePolicySpecs("oracle,base=runs/a,cosir=chat:qwen@http://127.0.0.1:8000/v1,me=silent")).toEqual([
      { name: "oracle", kind: "scripted", target: "oracle" },
      { name: "base", kind: "checkpoint", target: "runs/a" },
      { name: "cosir", kind: "chat", target: "qwen", url: "http://127.0.0.1:8000/v1" },
      { name: "me", kind: "scripted", target: "silent" },
    ]);
    expect(() => parsePolicySpecs("wizard")).toThrow(/^--policies:/);
    expect(() => parsePolicySpecs("a=oracle,a=silent")).toThrow(/^--policies:.*distinct/);
    const { code, stderr } = await runCli(["bench", "--n", "2"]);
    expect(code).toBe(1);
    expect(stderr).toContain("--policies");
  });
});

const fixture = fileURLToPath(
  new URL("../../../bench/src/hiddenbench/fixtures/hidden-bench-fixture.json", import.meta.url),
);

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

describe("cosir bench with an endpoint", () => {
  it("--hiddenbench plays the original protocol against a chat endpoint and writes the report files", async () => {
    const tasks = loadHiddenBench(fixture).slice(0, 3);
    const dir = mkdtempSync(join(tmpdir(), "cosir-bench-hb-"));
    const path = join(dir, "tasks.json");
    writeFileSync(path, JSON.stringify(tasks));
    const server = await scriptedHiddenBenchServer({ tasks, behaviour: "discloser" });
    try {
      const out = join(dir, "out");
      const { code, stdout, stderr } = await runCli([
        "bench",
        "--hiddenbench",
        path,
        "--endpoint",
        server.url,
        "--model",
        "scripted",
        "--rounds",
        "1",
        "--runs",
        "1",
        "--concurrency",
        "2",
        "--out",
        out,
        "--json",
      ]);
      expect(stderr).toMatch(/\[#{20}\] +\d+\/\d+ hiddenbench x scripted/);
      expect(stderr.trim().split("\n").length).toBeLessThanOrEqual(11);
      expect(code).toBe(0);
      const summary = JSON.parse(stdout) as {
        hiddenbench: {
          protocol: string;
          hidden: { individualPreAccuracy: { value: number }; individualAccuracy: { value: number } };
          full: { individualAccuracy: { value: number } };
          extras: { disclosure: { value: number } };
          calls: number;
        };
      };
      expect(summary.hiddenbench.protocol).toBe("original");
      expect(summary.hiddenbench.hidden.individualPreAccuracy.value).toBe(0);
      expect(summary.hiddenbench.hidden.individualAccuracy.value).toBe(1);
      expect(summary.hiddenbench.full.individualAccuracy.value).toBe(1);
      expect(summary.hiddenbench.extras.disclosure.value).toBe(1);
      expect(summary.hiddenbench.calls).toBe(server.log.length);
      for (const f of ["report.md", "summary.json", "accuracy.svg", "behaviour.svg", "episodes.jsonl"])
        expect(existsSync(join(out, f))).toBe(true);
      // no other flag: the original's requests (no sampling settings), a JSON vote asked through response_format
      const votes = server.log.filter((c) => c.kind !== "turn");
      const turns = server.log.filter((c) => c.kind === "turn");
      expect(new Set(votes.map((c) => c.requestKeys.join(",")))).toEqual(
        new Set(["model,messages,response_format,enable_thinking,chat_template_kwargs,stream"]),
      );
      expect(new Set(turns.map((c) => c.requestKeys.join(",")))).toEqual(
        new Set(["model,messages,enable_thinking,chat_template_kwargs,stream"]),
      );
      const md = readFileSync(join(out, "report.md"), "utf8");
      expect(md).toContain(
        "- settings: vote reader original, missing votes dropped, failed turns asked again, 5 tries",
      );
      expect(md).not.toContain("Partial report");
    } finally {
      await server.close();
    }
  });

  it("--hiddenbench: sampling flags are sent when given; our variants by flag, named in the summary", async () => {
    const tasks = loadHiddenBench(fixture).slice(0, 2);
    const dir = mkdtempSync(join(tmpdir(), "cosir-bench-hb-"));
    const path = join(dir, "tasks.json");
    writeFileSync(path, JSON.stringify(tasks));
    const server = await scriptedHiddenBenchServer({ tasks, style: "letter" });
    try {
      const { code, stdout } = await runCli([
        "bench",
        "--hiddenbench",
        path,
        "--endpoint",
        server.url,
        "--model",
        "m",
        "--rounds",
        "1",
        "--runs",
        "1",
        "--temperature",
        "0.7",
        "--max-tokens",
        "300",
        "--seed",
        "5",
        "--vote-reader",
        "tolerant",
        "--tries",
        "1",
        "--missing-votes",
        "bucket",
        "--failed-turns",
        "drop",
        "--max-reply-chars",
        "500",
        "--response-format",
        "none",
        "--thinking",
        "--out",
        join(dir, "out"),
        "--json",
      ]);
      expect(code).toBe(0);
      expect(new Set(server.log.map((c) => c.requestKeys.join(",")))).toEqual(
        new Set(["model,messages,max_tokens,temperature,seed,stream"]),
      );
      const summary = JSON.parse(stdout) as {
        hiddenbench: { settings: Record<string, unknown>; hidden: { individualAccuracy: { value: number } } };
      };
      expect(summary.hiddenbench.settings).toMatchObject({
        voteReader: "tolerant",
        missingVotes: "bucket",
        failedTurns: "drop",
        tries: 1,
        runs: 1,
        maxReplyChars: 500,
        responseFormat: { asked: "none", used: "none" },
        thinkingOff: { asked: false, used: false },
      });
      // the tolerant reader maps "my final answer: C" to the option labelled C
      expect(summary.hiddenbench.hidden.individualAccuracy.value).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("--hiddenbench: Ctrl-C writes a valid partial report marked partial, says so on stderr and exits 130", async () => {
    const tasks = loadHiddenBench(fixture).slice(0, 4);
    const dir = mkdtempSync(join(tmpdir(), "cosir-bench-hb-"));
    const path = join(dir, "tasks.json");
    writeFileSync(path, JSON.stringify(tasks));
    let sent = false;
    const server = await scriptedHiddenBenchServer({
      tasks,
      hold: (c) => {
        if (c.n === 60 && !sent) {
          sent = true;
          process.emit("SIGINT");
        }
        return undefined;
      },
    });
    try {
      const out = join(dir, "out");
      const { code, stderr } = await runCli([
        "bench",
        "--hiddenbench",
        path,
        "--endpoint",
        server.url,
        "--model",
        "m",
        "--rounds",
        "1",
        "--runs",
        "3",
        "--concurrency",
        "1",
        "--out",
        out,
      ]);
      expect(code).toBe(130);
      expect(stderr).toMatch(
        /\ncosir bench: interrupted: wrote a partial report \(\d+ of 24 task runs finished\) to .*\n$/,
      );
      const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as {
        hiddenbench: { partial: boolean; stopped: string; unfinished: number };
      };
      expect(summary.hiddenbench).toMatchObject({ partial: true, stopped: "interrupted" });
      expect(summary.hiddenbench.unfinished).toBeGreaterThan(0);
      expect(readFileSync(join(out, "report.md"), "utf8")).toContain("**Partial report**");
      expect(process.listenerCount("SIGINT")).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("--hiddenbench: an empty task file, or a bad task, exits 1 with a one-line error naming it once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cosir-bench-hb-"));
    const empty = join(dir, "empty.json");
    writeFileSync(empty, "[]");
    const r = await runCli(["bench", "--hiddenbench", empty, "--endpoint", "http://127.0.0.1:9/v1", "--model", "m"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^cosir bench: .*hiddenBench: expected at least one task, not an empty list, got "[^"]*"\n$/,
    );
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify([{ ...loadHiddenBench(fixture)[0], correct_answer: "Nowhere" }]));
    const b = await runCli(["bench", "--hiddenbench", bad, "--endpoint", "http://127.0.0.1:9/v1", "--model", "m"]);
    expect(b.stderr).toMatch(/hiddenBench\[0\]\.correct_answer: expected one of possible_answers, got "Nowhere"\n$/);
    expect(b.stderr.split("got").length).toBe(2);
  });

  it("--hiddenbench: an endpoint refusing the model stops early with one line", async () => {
    const tasks = loadHiddenBench(fixture).slice(0, 2);
    const dir = mkdtempSync(join(tmpdir(), "cosir-bench-hb-"));
    const path = join(dir, "tasks.json");
    writeFileSync(path, JSON.stringify(tasks));
    const server = await scriptedHiddenBenchServer({ tasks, refuse: { status: 400, body: "unknown model m" } });
    try {
      const r = await runCli(["bench", "--hiddenbench", path, "--endpoint", server.url, "--model", "m", "--out", dir]);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split("\n").at(-1)).toMatch(
        /^cosir bench: .*the first 8 chat calls all failed the same way, so the run stopped: HTTP 400: unknown model m \(not retried\)$/,
      );
    } finally {
      await server.close();
    }
  });

  it("an unreachable endpoint exits 1 with a one-line error (HiddenBench and the held-out families)", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const dir = mkdtempSync(join(tmpdir(), "cosir-bench-hb-"));
    const hb = await runCli(["bench", "--hiddenbench", fixture, "--endpoint", url, "--model", "m", "--out", dir]);
    expect(hb.code).toBe(1);
    expect(hb.stderr).toMatch(
      /^cosir bench: EndpointUnreachableError: endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions is unreachable: ECONNREFUSED\n$/,
    );
    const fam = await runCli([
      "bench",
      "--endpoint",
      url,
      "--model",
      "m",
      "--n",
      "2",
      "--benchmark",
      "whodunit",
      "--out",
      dir,
    ]);
    expect(fam.code).toBe(1);
    expect(fam.stderr).toMatch(/cosir bench: EndpointUnreachableError: .* is unreachable: ECONNREFUSED\n$/);
  });

  it("the held-out families with an endpoint whose every call fails exit 1 instead of a 0% table", async () => {
    // the scripted HiddenBench server answers HTTP 400 to anything that is not one of its tasks
    const server = await scriptedHiddenBenchServer({ tasks: loadHiddenBench(fixture).slice(0, 1) });
    try {
      const dir = mkdtempSync(join(tmpdir(), "cosir-bench-hb-"));
      const { code, stderr } = await runCli([
        "bench",
        "--endpoint",
        server.url,
        "--model",
        "m",
        "--n",
        "2",
        "--benchmark",
        "whodunit",
        "--out",
        dir,
      ]);
      expect(code).toBe(1);
      expect(stderr).toMatch(
        /every one of the \d+ calls to .* failed; the last: HTTP 400: unknown task \(not retried\)/,
      );
    } finally {
      await server.close();
    }
  });

  it("names bad endpoint flags", async () => {
    expect((await runCli(["bench", "--hiddenbench", fixture, "--model", "m"])).stderr).toMatch(/--endpoint/);
    expect((await runCli(["bench", "--endpoint", "http://127.0.0.1:1/v1"])).stderr).toMatch(/--model/);
    const bad = await runCli([
      "bench",
      "--hiddenbench",
      fixture,
      "--endpoint",
      "http://x/v1",
      "--model",
      "m",
      "--protocol",
      "paper",
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--protocol: expected one of original, cosir/);
  });
});
