import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { runCli } from "../test/run-cli";

const cliPath = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

describe("cosir serve-env", () => {
  it("prints the listening URL, serves with the token, and closes cleanly on SIGTERM", async () => {
    expect(existsSync(cliPath)).toBe(true);
    const server = await startCli(["--token", "t0k", "--max-episodes", "5"]);
    const { url } = server;
    expect(server.stdout).toMatch(/token required, max 5 episodes/);
    const created = await fetch(`${url}/v1/episodes`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer t0k" },
      body: JSON.stringify({ family: "random", seed: 1 }),
    });
    expect(created.status).toBe(200);
    expect(
      (
        await fetch(`${url}/v1/episodes`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(401);
    expect(await server.stop()).toBe(0);
    expect(server.stdout).toMatch(/SIGTERM, closed/);
  });

  it.each([
    [["--port", "70000"], /--port/],
    [["--port", "x"], /--port/],
    [["--max-episodes", "0"], /--max-episodes/],
    [["--ttl-seconds", "-1"], /--ttl-seconds/],
    [["--max-body-bytes", "10"], /--max-body-bytes/],
    [["--preset", "nope"], /--preset/],
    [["--rewards", "nope"], /--rewards/],
    [["--bogus"], /bogus/],
    [["--workers", "-1"], /--workers/],
    [["--state-secret", "short"], /stateSecret/],
    [["--score-budget", "0"], /--score-budget/],
    [["--score-budget", "-1"], /--score-budget/],
    [["--score-budget", "lots"], /--score-budget/],
    [["--score-budget", "Infinity"], /--score-budget/],
    [["--scoring-threads", "-1"], /--scoring-threads/],
    [["--scoring-threads", "1.5"], /--scoring-threads/],
    [["--scoring-threads", "999"], /--scoring-threads/],
    [["--max-scoring-requests", "0"], /--max-scoring-requests/],
    [["--max-scoring-requests", "2.5"], /--max-scoring-requests/],
    [["--max-scoring-cost", "-5"], /--max-scoring-cost/],
    [["--max-scoring-cost", "lots"], /--max-scoring-cost/],
    [["--drain-seconds", "-1"], /--drain-seconds/],
    [["--replay-ledger-size", "3"], /--replay-ledger-size/],
  ])("rejects %j naming the flag", async (flags, pattern) => {
    const r = await runCli(["serve-env", ...(flags as string[])]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stdout).toBe("");
  });

  it("passes the admission bounds and the drain time to the server and prints them", async () => {
    const server = await startCli([
      "--max-scoring-requests",
      "3",
      "--max-scoring-cost",
      "5e8",
      "--drain-seconds",
      "2",
      "--scoring-threads",
      "1",
    ]);
    expect(server.stdout).toMatch(/admission 3 requests, 500000000 cost units, drain 2 s/);
    expect(await server.stop()).toBe(0);
    const defaults = await startCli(["--scoring-threads", "1", "--score-budget", "1000"]);
    // The defaults: 2 per scoring thread (at least 2), the budget x (threads + 1), 10 s.
    expect(defaults.stdout).toMatch(/admission 2 requests, 2000 cost units, drain 10 s/);
    expect(await defaults.stop()).toBe(0);
  });

  let leftRunning = 0;
  it("stops a server its test left running (teardown, for a test that fails before stop())", async () => {
    leftRunning = (await startCli(["--scoring-threads", "0"])).pid;
    expect(process.kill(leftRunning, 0)).toBe(true);
  });
  it("(the previous test's server is gone)", () => {
    expect(leftRunning).toBeGreaterThan(0);
    expect(() => process.kill(leftRunning, 0)).toThrow(/ESRCH/);
  });

  it("prints its usage", async () => {
    const r = await runCli(["serve-env", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/POST \/get_reward/);
  });
});

describe("cosir serve-env --workers", () => {
  it("runs N stateless workers on one port: any worker answers any step; forged state gets 403", async () => {
    const server = await startCli(["--workers", "2", "--state-secret", "cli-secret-0123456789"]);
    const { url } = server;
    expect(server.stdout).toMatch(/2 workers, stateless,/);
    const post = async (path: string, body: unknown) => {
      // A fresh connection per request, so the primary spreads them over both workers.
      const r = await fetch(`${url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", connection: "close" },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as any };
    };
    let last = await post("/v1/episodes", { family: "random", seed: 3, surface: "canonical" });
    expect(last.status).toBe(200);
    const id = last.body.episodeId as string;
    const first = last.body.state as string;
    while (!last.body.done) {
      const phase = last.body.observation.phase as string;
      last = await post(`/v1/episodes/${id}/step`, {
        agent: last.body.agentSelection,
        text: phase === "discuss" ? "PASS" : "CHOOSE o0",
        state: last.body.state,
      });
      expect(last.status, JSON.stringify(last.body)).toBe(200);
    }
    expect(last.body.rewards.returns.length).toBeGreaterThan(1);
    const [v, payload] = first.split(".");
    const forged = await post(`/v1/episodes/${id}/step`, { agent: 0, text: "PASS", state: `${v}.${payload}.AAAA` });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe("state_forged");
    expect(await server.stop()).toBe(0);
  });
});

/**
 * Starts `cosir serve-env` with `flags` on a free port; resolves with its URL, its stdout (live) and a stopper.
 * Call it inside a test: the server is stopped when that test ends, also when an assertion fails before stop().
 */
async function startCli(flags: string[]) {
  const child = spawn(process.execPath, [cliPath, "serve-env", "--port", "0", ...flags], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  onTestFinished(async () => {
    if (!running()) return;
    child.kill("SIGTERM");
    const hard = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(hard);
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    child.on("exit", () => reject(new Error(`exited early: ${stdout}${stderr}`)));
  });
  const stop = async () => {
    if (running()) child.kill("SIGTERM");
    return exited;
  };
  return {
    url,
    pid: child.pid!,
    get stdout() {
      return stdout;
    },
    stop,
  };
}

async function create(url: string, body: unknown) {
  // A fresh connection per request, so a cluster's primary spreads them over its workers.
  const r = await fetch(`${url}/v1/episodes`, {
    method: "POST",
    headers: { "content-type": "application/json", connection: "close" },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as any };
}

describe("cosir serve-env --score-budget / --scoring-threads", () => {
  it("one process: the budget refuses an episode with 413 over_budget and the thread count is the one given", async () => {
    const server = await startCli(["--score-budget", "1000", "--scoring-threads", "0"]);
    try {
      expect(server.stdout).toMatch(/score budget 1000, scoring threads 0,/);
      const refused = await create(server.url, { family: "random", seed: 1 });
      expect(refused.status).toBe(413);
      expect(refused.body.error.code).toBe("over_budget");
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("--workers 2: every worker gets the budget (all creates refused) and a default budget accepts the same task", async () => {
    const server = await startCli(["--workers", "2", "--score-budget", "1000", "--scoring-threads", "1"]);
    try {
      expect(server.stdout).toMatch(/score budget 1000, scoring threads 1 per worker, 2 workers/);
      for (let k = 0; k < 4; k++) {
        const refused = await create(server.url, { family: "random", seed: k });
        expect(refused.status).toBe(413);
        expect(refused.body.error.code).toBe("over_budget");
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const open = await startCli(["--workers", "2", "--scoring-threads", "1"]);
    try {
      expect((await create(open.url, { family: "random", seed: 0 })).status).toBe(200);
    } finally {
      expect(await open.stop()).toBe(0);
    }
  });
});
