import { InvalidConfigError } from "@cosir/bayes";
import { cosirPreset, outcomeOnlyPreset, scoreEpisode } from "@cosir/rewards";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createEnvServer, type EnvServer } from "../server/create-env-server";
import { injectJson } from "../test/inject-json";
import { oracleEpisode } from "../test/oracle-steps";

const SECRET = "replica-secret-0123456789";
let open: EnvServer[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.app.close()));
  open = [];
});

function replica(options: Parameters<typeof createEnvServer>[0] = {}, now?: () => number): EnvServer {
  const s = createEnvServer({ port: 0, stateSecret: SECRET, ...options }, now ? { now } : {});
  open.push(s);
  return s;
}

const call = (s: EnvServer, method: "GET" | "POST", url: string, body?: unknown, headers = {}) =>
  injectJson(s.app, method, url, body, headers);

/** Creates an episode on `a` and plays `k` oracle steps alternating replicas; returns the last answer. */
async function playSteps(replicas: EnvServer[], family: string, seed: number, k = Number.POSITIVE_INFINITY) {
  const { task, trace, steps } = await oracleEpisode(family, seed);
  const created = await call(replicas[0]!, "POST", "/v1/episodes", { family, seed });
  expect(created.status).toBe(200);
  const id = created.body.episodeId as string;
  let last = created;
  for (const [n, [agent, text]] of steps.entries()) {
    if (n >= k) break;
    const r = await call(replicas[(n + 1) % replicas.length]!, "POST", `/v1/episodes/${id}/step`, {
      agent,
      text,
      state: last.body.state,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    last = r;
  }
  return { id, last, task, trace, steps };
}

describe("stateless mode (stateSecret)", () => {
  it("lets any replica answer any step; rewards equal scoreEpisode's; nothing is kept in memory", async () => {
    const a = replica();
    const b = replica();
    const { id, last, task, trace } = await playSteps([a, b], "hiddenProfile", 4);
    expect(last.body.done).toBe(true);
    expect(last.body.rewards).toEqual(JSON.parse(JSON.stringify(scoreEpisode(task, trace, cosirPreset))));
    expect(a.store.size + b.store.size).toBe(0);
    const got = await call(a, "GET", `/v1/episodes/${id}`, undefined, { "cosir-state": last.body.state });
    expect(got.status).toBe(200);
    expect(got.body.trace.messages.map((m: { text: string }) => m.text)).toEqual(trace.messages.map((m) => m.text));
    expect(got.body.rewards).toEqual(last.body.rewards);
  });

  it("keeps the episode's preset in the state", async () => {
    const a = replica();
    const { task, trace, steps } = await oracleEpisode("random", 2);
    let last = await call(a, "POST", "/v1/episodes", { family: "random", seed: 2, preset: "outcomeOnly" });
    for (const [agent, text] of steps)
      last = await call(replica(), "POST", `/v1/episodes/${last.body.episodeId}/step`, {
        agent,
        text,
        state: last.body.state,
      });
    expect(last.body.rewards).toEqual(JSON.parse(JSON.stringify(scoreEpisode(task, trace, outcomeOnlyPreset))));
  });

  it("answers an identical retry again and refuses a spent state used for another step (409)", async () => {
    const a = replica();
    const { steps } = await oracleEpisode("hiddenProfile", 7);
    const id = (await call(a, "POST", "/v1/episodes", { family: "hiddenProfile", seed: 7 })).body.episodeId;
    const created = await call(a, "POST", "/v1/episodes", { family: "hiddenProfile", seed: 7 });
    const [agent, text] = steps[0]!;
    const state = created.body.state;
    const url = `/v1/episodes/${created.body.episodeId}/step`;
    const first = await call(a, "POST", url, { agent, text, state });
    const retry = await call(a, "POST", url, { agent, text, state });
    expect(retry.status).toBe(200);
    expect(retry.body.observation).toEqual(first.body.observation);
    const replay = await call(a, "POST", url, { agent, text: `${text} and more`, state });
    expect(replay.status).toBe(409);
    expect(replay.body.error).toMatchObject({ code: "state_replayed", field: "body.state" });
    // The retry's answer holds a second token of the same state: both count as that one state.
    const [agent2, text2] = steps[1]!;
    const next = `/v1/episodes/${created.body.episodeId}/step`;
    expect((await call(a, "POST", next, { agent: agent2, text: text2, state: first.body.state })).status).toBe(200);
    const fork = await call(a, "POST", next, { agent: agent2, text: `${text2} x`, state: retry.body.state });
    expect(fork.status).toBe(409);
    // A state of one episode on another episode's route.
    const mismatch = await call(a, "POST", `/v1/episodes/${id}/step`, { agent, text, state });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error.code).toBe("state_mismatch");
  });

  it("refuses forged, foreign, missing and expired state with 4xx and the error shape", async () => {
    let clock = 1_000_000;
    const a = replica({ ttlSeconds: 60 }, () => clock);
    const other = createEnvServer({ stateSecret: "another-secret-0123456789" });
    open.push(other);
    const created = await call(a, "POST", "/v1/episodes", { family: "random", seed: 3 });
    const url = `/v1/episodes/${created.body.episodeId}/step`;
    const step = { agent: 0, text: "nothing to add" };
    const token = created.body.state as string;
    // A bit of the ciphertext flipped: GCM's tag no longer matches.
    const bytes = Buffer.from(token.slice(3), "base64url");
    bytes[20] = (bytes[20] as number) ^ 1;
    const edited = `s2.${bytes.toString("base64url")}`;
    const foreign = (await call(other, "POST", "/v1/episodes", { family: "random", seed: 3 })).body.state;
    const cases: [unknown, number, string][] = [
      [edited, 403, "state_forged"],
      [foreign, 403, "state_forged"],
      ["not-a-token", 400, "invalid_state"],
      [undefined, 400, "invalid_state"],
    ];
    for (const [s, status, code] of cases) {
      const r = await call(a, "POST", url, { ...step, ...(s !== undefined ? { state: s } : {}) });
      expect(r.status, String(s)).toBe(status);
      expect(r.body.error).toMatchObject({ code, field: "body.state" });
    }
    clock += 61_000;
    const expired = await call(a, "POST", url, { ...step, state: created.body.state });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe("state_expired");
  });

  it("never answers 200 to a token with any one character changed", async () => {
    const a = replica();
    const created = await call(a, "POST", "/v1/episodes", { family: "random", seed: 5 });
    const token = created.body.state as string;
    const url = `/v1/episodes/${created.body.episodeId}/step`;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."),
        async (at, ch) => {
          fc.pre(token[at] !== ch);
          const changed = token.slice(0, at) + ch + token.slice(at + 1);
          const r = await call(a, "POST", url, { agent: 0, text: "nothing to add", state: changed });
          // One encoding per token: even a change that decodes to the same bytes (the unused bits of the last
          // base64url character) is refused.
          expect([400, 403]).toContain(r.status);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("names a short secret", () => {
    expect(() => createEnvServer({ stateSecret: "short" })).toThrow(InvalidConfigError);
    expect(() => createEnvServer({ stateSecret: "short" })).toThrow(/stateSecret/);
  });
});
