import { cosirPreset, scoreEpisode, type EpisodeRewards } from "@cosir/rewards";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEnvServer, type RunningEnvServer } from "../server/start-env-server";
import { ReplayGuard } from "../state/replay-guard";
import { httpClient } from "./http-client.mjs";
import { oracleEpisode } from "./oracle-steps";

// Two stateless replicas (one secret, one shared spent-state ledger, as startEnvCluster's workers have) under
// 200 concurrent episodes whose steps go to either replica, amid forged, replayed and mismatched state.
const EPISODES = 200;
const TASKS = 20;
const SECRET = "stateless-load-secret-0123";

let replicas: RunningEnvServer[];
let tasks: Awaited<ReturnType<typeof oracleEpisode>>[];
let expected: EpisodeRewards[];
const ledger = new ReplayGuard(100_000);

beforeAll(async () => {
  replicas = [];
  for (let k = 0; k < 2; k++)
    replicas.push(await startEnvServer({ port: 0, stateSecret: SECRET }, { spentLedger: ledger }));
  tasks = [];
  for (let k = 0; k < TASKS; k++) tasks.push(await oracleEpisode(k % 2 === 0 ? "hiddenProfile" : "random", 300 + k));
  expected = tasks.map((t) => JSON.parse(JSON.stringify(scoreEpisode(t.task, t.trace, cosirPreset))) as EpisodeRewards);
});

afterAll(async () => {
  await Promise.all((replicas ?? []).map((r) => r.close()));
});

describe("stateless replicas under load", () => {
  it("answer any step of any episode on either replica and refuse every forged, replayed or mismatched state", async () => {
    const clients = replicas.map((r) => httpClient(r.url, 64));
    const refusals = new Map<string, number>();
    const ids: string[] = [];
    let previousId: string | undefined;
    let previousState: string | undefined;

    async function episode(e: number): Promise<void> {
      const t = tasks[e % TASKS]!;
      const created = await clients[e % 2]!.send("POST", "/v1/episodes", { family: t.task.family, seed: t.task.seed });
      expect(created.status).toBe(200);
      const id = created.body.episodeId as string;
      ids[e] = id;
      let state = created.body.state as string;
      let last: any;
      for (const [n, [agent, text]] of t.steps.entries()) {
        const via = clients[(e + n) % 2]!;
        if (n === 1) {
          const other = clients[(e + n + 1) % 2]!;
          // The sealed bytes edited (a client cannot read the state, so it can only flip bits blindly).
          const edited = Buffer.from(state.slice(3), "base64url");
          edited[edited.length - 40] = (edited[edited.length - 40] as number) ^ 0x20;
          const bad: [string, Promise<{ status: number; body: any }>, number][] = [
            [
              "forged",
              other.send("POST", `/v1/episodes/${id}/step`, {
                agent,
                text,
                state: `s2.${edited.toString("base64url")}`,
              }),
              403,
            ],
            [
              "replayed",
              other.send("POST", `/v1/episodes/${id}/step`, {
                agent: t.steps[0]![0],
                text: `${t.steps[0]![1]} again`,
                state: created.body.state,
              }),
              409,
            ],
          ];
          const sibling = ids[(e + 1) % EPISODES];
          if (sibling !== undefined)
            bad.push(["mismatched", other.send("POST", `/v1/episodes/${sibling}/step`, { agent, text, state }), 409]);
          for (const [kind, request, status] of bad) {
            const r = await request;
            expect(r.status, kind).toBe(status);
            expect(Object.keys(r.body.error).sort()).toEqual(["code", "field", "message"]);
            refusals.set(kind, (refusals.get(kind) ?? 0) + 1);
          }
        }
        const r = await via.send("POST", `/v1/episodes/${id}/step`, { agent, text, state });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        last = r.body;
        state = r.body.state;
      }
      previousId = id;
      previousState = state;
      expect(last.done).toBe(true);
      expect(last.rewards).toEqual(expected[e % TASKS]);
    }

    await Promise.all(Array.from({ length: EPISODES }, (_, e) => episode(e)));
    const got = await clients[1]!.send("GET", `/v1/episodes/${previousId}`, undefined, {
      "cosir-state": previousState as string,
    });
    expect(got.status).toBe(200);
    expect(got.body.done).toBe(true);
    clients.forEach((c) => c.close());
    expect(refusals.get("forged")).toBe(EPISODES);
    expect(refusals.get("replayed")).toBe(EPISODES);
    expect(refusals.get("mismatched")).toBeGreaterThan(0);
    expect(replicas[0]!.store.size + replicas[1]!.store.size).toBe(0);
    console.log(
      `[stateless load] refused ${JSON.stringify(Object.fromEntries(refusals))}; ledger ${ledger.size} states`,
    );
  });
});
