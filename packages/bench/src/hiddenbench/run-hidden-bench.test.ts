import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EndpointUnreachableError } from "../chat/endpoint-unreachable-error";
import { openAiChatResponder } from "../chat/open-ai-chat-responder";
import { loadHiddenBench, type HiddenBenchTask } from "./hidden-bench-task";
import type { HiddenBenchResult, RunHiddenBenchOptions } from "./hidden-bench-types";
import { runHiddenBench } from "./run-hidden-bench";
import { scriptedHiddenBenchServer } from "./scripted-hidden-bench-server";
import type {
  ScriptedHiddenBenchBehaviour,
  ScriptedHiddenBenchCall,
  ScriptedHiddenBenchServerOptions,
} from "./scripted-hidden-bench-types";

const fixture = fileURLToPath(new URL("./fixtures/hidden-bench-fixture.json", import.meta.url));
const allTasks = loadHiddenBench(fixture);

async function withServer<T>(
  opts: Omit<ScriptedHiddenBenchServerOptions, "tasks"> & { tasks?: readonly HiddenBenchTask[] },
  body: (url: string, log: ScriptedHiddenBenchCall[]) => Promise<T>,
): Promise<T> {
  const server = await scriptedHiddenBenchServer({ tasks: allTasks, ...opts });
  try {
    return await body(server.url, server.log);
  } finally {
    await server.close();
  }
}

const responder = (url: string) => openAiChatResponder({ baseUrl: url, model: "scripted", retries: 0, backoffMs: 0 });

type Reader = "original" | "tolerant";

/**
 * The report's figures recounted from the server's own log. An agent is one system message (one agent of
 * one task run); each of its votes is the run of vote calls of one kind, in arrival order. The vote is
 * the first answered call holding a JSON vote (the original asks until one arrives); without one, the
 * original reader has no vote and the tolerant one reads the last call as the server says it can.
 */
function recount(
  tasks: readonly HiddenBenchTask[],
  log: readonly ScriptedHiddenBenchCall[],
  condition: "hidden" | "full",
  reader: Reader = "original",
) {
  let votes = 0;
  let retried = 0;
  let unread = 0;
  const perTask = tasks.map((t) => {
    const calls = log.filter((c) => c.taskId === t.id && c.condition === condition);
    const correct = t.possible_answers.indexOf(t.correct_answer);
    const agents = t.hidden_information.length;
    const voteOf = (kind: "preVote" | "postVote"): (number | null)[] => {
      const groups = new Map<string, ScriptedHiddenBenchCall[]>();
      for (const c of calls.filter((x) => x.kind === kind)) groups.set(c.system, [...(groups.get(c.system) ?? []), c]);
      expect(groups.size).toBe(agents);
      return [...groups.values()].map((g) => {
        const accepted = g.find((c) => c.status === 200 && c.json);
        const last = g[g.length - 1] as ScriptedHiddenBenchCall;
        const v =
          reader === "original"
            ? (accepted?.vote ?? null)
            : (accepted ?? last).status === 200
              ? (accepted ?? last).tolerantVote
              : null;
        votes++;
        if (g.length > 1) retried++;
        if (v === null) unread++;
        return v;
      });
    };
    const pre = voteOf("preVote");
    const post = voteOf("postVote");
    const plurality = (vs: (number | null)[]): number | null => {
      const counts = new Map<number, number>();
      for (const v of vs) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
      if (counts.size === 0) return null;
      const top = Math.max(...counts.values());
      const winners = [...counts].filter(([, n]) => n === top).map(([v]) => v);
      expect(winners).toHaveLength(1); // scripted agents never tie, so the plurality is unambiguous
      return winners[0] as number;
    };
    const share = (vs: (number | null)[]) => vs.filter((v) => v === correct).length / agents;
    // fail-to-ask and ignored input: agents first wrong; who asked ("?"), who heard every other hidden fact, who kept a vote
    const systems = [...new Set(calls.filter((c) => c.kind === "preVote").map((c) => c.system))];
    let failEligible = 0;
    let failed = 0;
    let ignoreEligible = 0;
    let ignored = 0;
    systems.forEach((system, a) => {
      if (pre[a] === correct) return;
      failEligible++;
      const said = calls.filter((c) => c.kind === "turn" && c.status === 200);
      if (!said.some((c) => c.system === system && c.reply.includes("?"))) failed++;
      const own = calls.find((c) => c.system === system)?.held ?? [];
      const heard = new Set(said.filter((c) => c.system !== system).flatMap((c) => c.stated));
      if (t.hidden_information.every((_, k) => own.includes(k) || heard.has(k))) {
        ignoreEligible++;
        if (pre[a] !== null && post[a] === pre[a]) ignored++;
      }
    });
    const stated = new Set(calls.filter((c) => c.kind === "turn" && c.status === 200).flatMap((c) => c.stated));
    return {
      pre: share(pre),
      post: share(post),
      prePlurality: plurality(pre) === correct,
      plurality: plurality(post) === correct,
      stated: stated.size,
      agents,
      failEligible,
      failed,
      ignoreEligible,
      ignored,
    };
  });
  const sum = (f: (p: (typeof perTask)[number]) => number) => perTask.reduce((acc, p) => acc + f(p), 0);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    individualPreAccuracy: mean(perTask.map((p) => p.pre)),
    individualAccuracy: mean(perTask.map((p) => p.post)),
    preAccuracy: mean(perTask.map((p) => (p.prePlurality ? 1 : 0))),
    accuracy: mean(perTask.map((p) => (p.plurality ? 1 : 0))),
    disclosure: perTask.reduce((s, p) => s + p.stated, 0) / perTask.reduce((s, p) => s + p.agents, 0),
    failToAsk: { failed: sum((p) => p.failed), eligible: sum((p) => p.failEligible) },
    ignoredInput: { ignored: sum((p) => p.ignored), eligible: sum((p) => p.ignoreEligible) },
    votes: { votes, retried, unread },
  };
}

async function playScripted(
  behaviour: ScriptedHiddenBenchBehaviour,
  tasks: readonly HiddenBenchTask[],
  over: Omit<ScriptedHiddenBenchServerOptions, "tasks"> = {},
  run: RunHiddenBenchOptions = {},
) {
  return withServer({ behaviour, tasks, ...over }, async (url, log) => {
    const result = await runHiddenBench(tasks, responder(url), { rounds: 2, runs: 1, concurrency: 8, seed: 3, ...run });
    return { result, log: [...log] };
  });
}

function expectRecount(
  result: HiddenBenchResult,
  tasks: readonly HiddenBenchTask[],
  log: ScriptedHiddenBenchCall[],
  reader: Reader = "original",
) {
  const hidden = recount(tasks, log, "hidden", reader);
  const full = recount(tasks, log, "full", reader);
  expect(result.individualPreAccuracy.value).toBeCloseTo(hidden.individualPreAccuracy, 12);
  expect(result.individualAccuracy.value).toBeCloseTo(hidden.individualAccuracy, 12);
  expect(result.preAccuracy.value).toBeCloseTo(hidden.preAccuracy, 12);
  expect(result.accuracy.value).toBeCloseTo(hidden.accuracy, 12);
  expect(result.disclosure.value).toBeCloseTo(hidden.disclosure, 12);
  expect(result.failToAsk.eligible).toBe(hidden.failToAsk.eligible);
  expect(result.failToAsk.value ?? 0).toBeCloseTo(hidden.failToAsk.failed / Math.max(1, hidden.failToAsk.eligible), 12);
  expect(result.ignoredInput.eligible).toBe(hidden.ignoredInput.eligible);
  expect(result.ignoredInput.value ?? 0).toBeCloseTo(
    hidden.ignoredInput.ignored / Math.max(1, hidden.ignoredInput.eligible),
    12,
  );
  expect(result.full?.individualPreAccuracy.value).toBeCloseTo(full.individualPreAccuracy, 12);
  expect(result.full?.individualAccuracy.value).toBeCloseTo(full.individualAccuracy, 12);
  expect(result.full?.preAccuracy.value).toBeCloseTo(full.preAccuracy, 12);
  expect(result.full?.accuracy.value).toBeCloseTo(full.accuracy, 12);
  expect(result.gap?.individualAccuracy).toBeCloseTo(full.individualAccuracy - hidden.individualAccuracy, 12);
  expect(result.gap?.individualPreAccuracy).toBeCloseTo(full.individualPreAccuracy - hidden.individualPreAccuracy, 12);
  expect(result.votes).toEqual({
    votes: hidden.votes.votes + full.votes.votes,
    retried: hidden.votes.retried + full.votes.retried,
    unread: hidden.votes.unread + full.votes.unread,
  });
  expect(result.calls).toBe(log.length);
  expect(result.errors).toBe(log.filter((c) => c.status !== 200).length);
  expect(result.settings.voteReader).toBe(reader);
  return { hidden, full };
}

describe("HiddenBench, original protocol against a scripted server", () => {
  it("loads the fixture in the public schema: 22 tasks, multi-line facts, long option names", () => {
    expect(allTasks).toHaveLength(22);
    expect(allTasks.some((t) => t.hidden_information.some((f) => f.includes("\n")))).toBe(true);
    expect(Math.max(...allTasks.flatMap((t) => t.possible_answers.map((a) => a.length)))).toBeGreaterThan(40);
    expect(() => loadHiddenBench("/nonexistent/hb.json")).toThrow(/^hiddenBench:/);
  });

  it("a discloser team: the report equals the recount from the server's log", async () => {
    const tasks = allTasks.slice(0, 6);
    const { result, log } = await playScripted("discloser", tasks);
    expectRecount(result, tasks, log);
    expect(result.individualPreAccuracy.value).toBe(0);
    expect(result.individualAccuracy.value).toBe(1);
    expect(result.disclosure.value).toBe(1);
    expect(result.full?.individualPreAccuracy.value).toBe(1);
    expect(result.gap).toEqual({ individualPreAccuracy: 1, individualAccuracy: 0 });
    // every agent first wrong heard every other fact and changed its vote: eligible, none kept it
    expect(result.ignoredInput.eligible).toBeGreaterThan(0);
    expect(result.ignoredInput.value).toBe(0);
    expect(result.errors).toBe(0);
    // calls per episode: a vote before, R turns, a vote after, per agent
    for (const e of result.episodes) expect(e.calls).toBe(e.agents * (2 + 2));
  });

  it("a withholder team: nothing disclosed, the hidden condition stays wrong, recount equal", async () => {
    const tasks = allTasks.slice(6, 12);
    const { result, log } = await playScripted("withholder", tasks);
    expectRecount(result, tasks, log);
    expect(result.disclosure.value).toBe(0);
    expect(result.individualAccuracy.value).toBe(0);
    expect(result.full?.individualAccuracy.value).toBe(1);
    expect(result.gap?.individualAccuracy).toBe(1);
    // every agent was wrong at first; none asked; none heard every other fact
    expect(result.failToAsk.value).toBe(1);
    expect(result.ignoredInput.eligible).toBe(0);
  });

  it("prompts follow the original: numbered unmarked facts, no task name, multi-turn history, initial vote", async () => {
    const tasks = allTasks.slice(0, 2);
    await withServer({ tasks }, async (url, log) => {
      await runHiddenBench(tasks, responder(url), { runs: 1, rounds: 2, conditions: ["hidden"] });
      for (const c of log) {
        const task = tasks.find((t) => t.id === c.taskId) as HiddenBenchTask;
        expect(c.prompt).toMatch(/^Fact 1: /m);
        expect(c.prompt).not.toMatch(/only you have/i);
        expect(c.prompt).not.toContain(task.name);
        expect(c.held).toHaveLength(1);
      }
      // each agent holds a different hidden fact
      for (const t of tasks) {
        const held = new Set(log.filter((c) => c.taskId === t.id).map((c) => c.held[0]));
        expect(held.size).toBe(t.hidden_information.length);
      }
      // round 1: each agent's turn starts with its own initial vote and rationale; round 2 does not
      const turns = log.filter((c) => c.kind === "turn");
      const agents = tasks.reduce((s, t) => s + t.hidden_information.length, 0);
      expect(turns.filter((c) => c.last.startsWith("Your initial vote was:")).length).toBe(agents);
      expect(turns.filter((c) => c.last.includes("You speak first.")).length).toBe(tasks.length);
      expect(turns.length).toBe(2 * agents);
      const postVotes = log.filter((c) => c.kind === "postVote");
      // history: system + (turn, reply) x 2 rounds, then the vote prompt, with other people's messages
      for (const c of postVotes) expect(c.prompt).toContain("Person ");
      expect(postVotes.every((c) => c.longestAssistant > 0)).toBe(true);
    });
  });

  it("the seed decides the fact assignment and the shuffles", async () => {
    const tasks = allTasks.slice(0, 3);
    const heldBy = (seed: number) =>
      withServer({ tasks }, async (url, log) => {
        const r = await runHiddenBench(tasks, responder(url), { runs: 1, rounds: 0, conditions: ["hidden"], seed });
        return { facts: r.episodes.map((e) => e.hiddenFact), prompts: log.map((c) => c.prompt).sort() };
      });
    const a = await heldBy(1);
    expect(await heldBy(1)).toEqual(a);
    expect((await heldBy(2)).prompts).not.toEqual(a.prompts);
  });
});

describe("HiddenBench, reply styles: every figure equals the recount from the server's log", () => {
  const tasks = allTasks.slice(0, 4);

  it("original defaults ask for a JSON vote through response_format with thinking off, and name the reader", async () => {
    const { result, log } = await playScripted("discloser", tasks);
    const { hidden } = expectRecount(result, tasks, log);
    expect(hidden.individualAccuracy).toBe(1);
    expect(log.filter((c) => c.kind !== "turn").every((c) => c.responseFormat === "json_schema")).toBe(true);
    expect(log.filter((c) => c.kind === "turn").every((c) => c.responseFormat === undefined)).toBe(true);
    expect(log.every((c) => c.enableThinking === false)).toBe(true);
    expect(result.settings).toMatchObject({
      voteReader: "original",
      missingVotes: "drop",
      runs: 1,
      maxReplyChars: null,
    });
    expect(result.votes.retried).toBe(0);
  });

  it("prose with a letter: the original reader asks again and never reads it; the tolerant reader maps the letter", async () => {
    const original = await playScripted("discloser", tasks, { style: "letter" }, { tries: 3 });
    const o = expectRecount(original.result, tasks, original.log);
    expect(o.hidden.votes.unread).toBe(o.hidden.votes.votes);
    expect(original.result.votes.retried).toBe(original.result.votes.votes);
    expect(original.result.individualAccuracy.value).toBe(0);
    expect(original.result.accuracy.value).toBe(0);
    // every vote was asked exactly `tries` times
    expect(original.log.filter((c) => c.kind !== "turn").length).toBe(3 * original.result.votes.votes);
    const tolerant = await playScripted("discloser", tasks, { style: "letter" }, { tries: 1, voteReader: "tolerant" });
    const t = expectRecount(tolerant.result, tasks, tolerant.log, "tolerant");
    expect(t.hidden.votes.unread).toBe(0);
    expect(tolerant.result.individualAccuracy.value).toBe(1);
    expect(tolerant.result.full?.individualPreAccuracy.value).toBe(1);
  });

  it("thinking: the decoy vote inside <think> is never read, under either reader", async () => {
    for (const voteReader of ["original", "tolerant"] as const) {
      const { result, log } = await playScripted("discloser", tasks, { style: "thinking" }, { voteReader });
      expectRecount(result, tasks, log, voteReader);
      expect(result.individualPreAccuracy.value).toBe(0);
      expect(result.individualAccuracy.value).toBe(1);
      expect(result.votes).toMatchObject({ retried: 0, unread: 0 });
      expect(log.every((c) => !c.prompt.includes("<think>"))).toBe(true);
    }
  });

  it("cut off while thinking: asked again until the JSON vote comes; with one try the vote is unread", async () => {
    const again = await playScripted("discloser", tasks, { style: "cutoff" });
    expectRecount(again.result, tasks, again.log);
    expect(again.result.votes).toEqual({
      votes: again.result.votes.votes,
      retried: again.result.votes.votes,
      unread: 0,
    });
    expect(again.result.individualAccuracy.value).toBe(1);
    const once = await playScripted("discloser", tasks, { style: "cutoff" }, { tries: 1 });
    expectRecount(once.result, tasks, once.log);
    expect(once.result.votes.unread).toBe(once.result.votes.votes);
    // no readable vote at all: no plurality, so no team is right, and "ignored input" counts nobody as keeping a vote
    expect(once.result.accuracy.value).toBe(0);
    expect(once.result.ignoredInput.value ?? 0).toBe(0);
  });

  it("failing calls: failed votes and turns are asked again, errors counted, figures equal the recount", async () => {
    const failCalls = Array.from({ length: 60 }, (_, i) => 3 + 7 * i);
    const { result, log } = await playScripted("discloser", tasks, { failCalls }, { concurrency: 1 });
    expectRecount(result, tasks, log);
    expect(result.errors).toBeGreaterThan(5);
    expect(result.individualAccuracy.value).toBe(1);
    for (const c of log) expect(c.prompt).not.toContain("scripted failure");
    // a withholder team under failures: nothing disclosed, the recount still equal
    const w = await playScripted("withholder", tasks, { failCalls }, { concurrency: 1 });
    expectRecount(w.result, tasks, w.log);
    expect(w.result.disclosure.value).toBe(0);
  });
});

describe("HiddenBench, robust runs", () => {
  it("failed calls are recorded as errors and shown to no one", async () => {
    const tasks = allTasks.slice(0, 3);
    await withServer({ tasks, failCalls: [2, 5, 9, 14, 20] }, async (url, log) => {
      const r = await runHiddenBench(tasks, responder(url), {
        runs: 1,
        rounds: 2,
        conditions: ["hidden"],
        concurrency: 1,
      });
      expect(r.errors).toBe(5);
      expect(r.episodes.reduce((s, e) => s + e.errors, 0)).toBe(5);
      const recorded = r.episodes.flatMap((e) => [...e.preReplies, ...e.postReplies, ...e.transcript]);
      expect(
        recorded
          .filter((m) => m.error !== undefined)
          .every((m) => /HTTP 500: scripted failure \[500\]/.test(m.error as string)),
      ).toBe(true);
      for (const c of log) {
        expect(c.prompt).not.toContain("scripted failure");
        expect(c.prompt).not.toContain("chat error");
      }
    });
  });

  it("replies are cut to maxReplyChars before entering any prompt", async () => {
    const tasks = allTasks.slice(0, 2);
    await withServer({ tasks, padding: 5000 }, async (url, log) => {
      const r = await runHiddenBench(tasks, responder(url), {
        runs: 1,
        rounds: 2,
        conditions: ["hidden"],
        maxReplyChars: 300,
      });
      expect(Math.max(...log.map((c) => c.longestAssistant))).toBeLessThanOrEqual(300);
      expect(Math.max(...log.map((c) => c.longestAssistant))).toBeGreaterThan(0);
      expect(r.episodes[0]?.transcript.every((m) => m.truncated === true && m.text.length === 300)).toBe(true);
    });
  });

  it("tasks are scheduled independently: a slow task delays only itself", async () => {
    const tasks = allTasks.slice(0, 4);
    const slow = tasks[0]?.id as string;
    // the slow task's replies wait until every other task has cast its last vote: lock-step scheduling
    // would never get there (the test would time out)
    let release = (): void => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const fastDone = (log: ScriptedHiddenBenchCall[]) =>
      tasks
        .slice(1)
        .every(
          (t) => log.filter((c) => c.taskId === t.id && c.kind === "postVote").length === t.hidden_information.length,
        );
    const server = await scriptedHiddenBenchServer({
      tasks,
      hold: (c) => {
        if (fastDone(server.log)) release();
        return c.taskId === slow ? released : undefined;
      },
    });
    try {
      const r = await runHiddenBench(tasks, responder(server.url), {
        rounds: 1,
        runs: 1,
        conditions: ["hidden"],
        concurrency: 4,
      });
      expect(r.unfinished).toBe(0);
      const firstSlowTurn = Math.min(
        ...server.log.filter((c) => c.taskId === slow && c.kind === "turn").map((c) => c.n),
      );
      for (const t of tasks.slice(1))
        expect(Math.max(...server.log.filter((c) => c.taskId === t.id).map((c) => c.n))).toBeLessThan(firstSlowTurn);
    } finally {
      await server.close();
    }
  });

  it("a run-level deadline reports unfinished task runs and scores the finished ones", async () => {
    const tasks = allTasks.slice(0, 4);
    const slow = tasks[0]?.id as string;
    const never = new Promise<void>(() => {});
    await withServer({ tasks, hold: (c) => (c.taskId === slow ? never : undefined) }, async (url) => {
      const r = await runHiddenBench(tasks, responder(url), {
        rounds: 1,
        runs: 1,
        conditions: ["hidden"],
        concurrency: 4,
        deadlineMs: 1000,
      });
      expect(r.deadlineReached).toBe(true);
      expect(r.unfinished).toBe(1);
      expect(r.episodes.find((e) => e.taskId === slow)?.finished).toBe(false);
      expect(r.individualAccuracy.episodes).toBe(3);
    });
  });

  it("an unreachable endpoint ends the run with a one-line EndpointUnreachableError", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const run = runHiddenBench(allTasks.slice(0, 3), responder(`http://127.0.0.1:${port}/v1`), { runs: 1, rounds: 1 });
    await expect(run).rejects.toBeInstanceOf(EndpointUnreachableError);
    await expect(run).rejects.toThrow(
      /^endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions is unreachable: ECONNREFUSED$/,
    );
  });

  it("a run whose first calls all fail the same way stops at once with one line", async () => {
    const tasks = allTasks.slice(0, 4);
    await withServer({ tasks, failCalls: Array.from({ length: 1000 }, (_, i) => i + 1) }, async (url, log) => {
      await expect(runHiddenBench(tasks, responder(url), { rounds: 15 })).rejects.toThrow(
        /^the first 8 chat calls all failed the same way, so the run stopped: HTTP 500: scripted failure \[500\]$/,
      );
      // 8 answered, plus those already in flight: nowhere near the ~2,000 planned
      expect(log.length).toBeLessThan(40);
    });
  });

  it("an endpoint refusing the model (HTTP 400 to everything) stops early, after stepping the request fields down", async () => {
    const tasks = allTasks.slice(0, 2);
    const refuse = { status: 400, body: "The model `nope` does not exist." };
    await withServer({ tasks, refuse }, async (url) => {
      await expect(runHiddenBench(tasks, responder(url), { rounds: 15 })).rejects.toThrow(
        /^the first 8 chat calls all failed the same way, so the run stopped: HTTP 400: The model `nope` does not exist\. \(not retried\)$/,
      );
    });
  });

  it("a port Node refuses to fetch ends the run at once", async () => {
    const started = Date.now();
    await expect(
      runHiddenBench(allTasks.slice(0, 3), responder("http://127.0.0.1:6000/v1"), { rounds: 15 }),
    ).rejects.toThrow(/bad port/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("a responder with only complete(): its [chat error: ...] replies become recorded errors", async () => {
    const tasks = allTasks.slice(0, 1);
    let n = 0;
    const fake = {
      name: "fake",
      async complete(conversations: readonly unknown[]) {
        return conversations.map(() => (++n % 3 === 0 ? "[chat error: HTTP 503 [busy]]" : '{"vote": "nothing"}'));
      },
    };
    const r = await runHiddenBench(tasks, fake, { runs: 1, rounds: 1, conditions: ["hidden"] });
    expect(r.errors).toBeGreaterThan(0);
    const errs = r.episodes[0]?.preReplies
      .concat(r.episodes[0]?.postReplies ?? [])
      .filter((x) => x.error !== undefined);
    expect(errs?.every((x) => x.error === "HTTP 503 [busy]")).toBe(true);
  });
});

describe("HiddenBench, cosir protocol", () => {
  it("keeps the earlier protocol (labelled private fact, strict majority) with the new robustness", async () => {
    const tasks = allTasks.slice(0, 4);
    await withServer({ tasks }, async (url, log) => {
      const r = await runHiddenBench(tasks, responder(url), { protocol: "cosir", rounds: 1 });
      expect(r.protocol).toBe("cosir");
      expect(r.full).toBeNull();
      expect(log.every((c) => c.prompt.includes("Information only you have"))).toBe(true);
      // a multi-line fact stays one bullet: its later lines are indented
      expect(log.some((c) => /\n- A note from the inspector, forwarded this morning:\n {2}"/.test(c.prompt))).toBe(
        true,
      );
      expect(log.some((c) => /\n- A note from the inspector[^\n]*\n- /.test(c.prompt))).toBe(false);
      expect(r.episodes.map((e) => e.hiddenFact)).toEqual(tasks.map((t) => t.hidden_information.map((_, i) => i)));
      const hidden = recount(tasks, log, "hidden");
      expect(r.individualPreAccuracy.value).toBe(0);
      expect(r.individualAccuracy.value).toBeCloseTo(hidden.individualAccuracy, 12);
      expect(r.disclosure.value).toBeCloseTo(hidden.disclosure, 12);
      expect(r.accuracy.value).toBe(1);
    });
  });

  it("rejects bad options naming the field", async () => {
    await expect(runHiddenBench(allTasks, responder("http://127.0.0.1:1/v1"), { rounds: -1 })).rejects.toThrow(
      /^rounds:/,
    );
    await expect(
      runHiddenBench(allTasks, responder("http://127.0.0.1:1/v1"), { protocol: "x" as "cosir" }),
    ).rejects.toThrow(/^protocol:/);
  });
});
