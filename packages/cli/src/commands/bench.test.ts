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
