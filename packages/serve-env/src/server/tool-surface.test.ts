import { generateTask, renderToolCalls, renderToolText } from "@cosir/env";
import { scoreEpisode } from "@cosir/rewards";
import { afterEach, describe, expect, it } from "vitest";
import { createEnvServer, type EnvServer } from "./create-env-server";
import { injectJson } from "../test/inject-json";

let open: EnvServer[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.app.close()));
  open = [];
});

const post = (s: EnvServer, url: string, body: unknown) => injectJson(s.app, "POST", url, body);

describe("tool surface", () => {
  it("offers tools in observations and takes Hermes text or tool_calls at each step", async () => {
    const s = createEnvServer({ port: 0 });
    open.push(s);
    const task = generateTask({ family: "hiddenProfile", seed: 3 });
    const created = await post(s, "/v1/episodes", { task, surface: "tool" });
    expect(created.status).toBe(200);
    const id = created.body.episodeId as string;
    expect(created.body.observation.surface).toBe("tool");
    expect(created.body.observation.tools.map((t: any) => t.function.name)).toEqual([
      "share",
      "ask",
      "propose",
      "pass",
    ]);
    const acts = [
      { kind: "share" as const, option: 1, attribute: 2, level: 3 },
      { kind: "ask" as const, option: 0, attribute: 1, to: 2 },
    ];
    let step = await post(s, `/v1/episodes/${id}/step`, { agent: 0, text: renderToolText(acts, task) });
    expect(step.status).toBe(200);
    // the next seat sees the message as a natural sentence, and gets the tools again
    expect(step.body.observation.update).toContain("Agent 1: Restaurant B has ambience 3.");
    step = await post(s, `/v1/episodes/${id}/step`, {
      agent: 1,
      text: "Here you go.",
      tool_calls: renderToolCalls([{ kind: "propose", option: 2 }], task),
    });
    expect(step.status).toBe(200);
    // an invalid call is a parse error (PASS), never a failed request
    step = await post(s, `/v1/episodes/${id}/step`, {
      agent: 2,
      tool_calls: [{ type: "function", function: { name: "share", arguments: "{not json" } }],
    });
    expect(step.status).toBe(200);
    let agent = step.body.agentSelection as number | null;
    while (agent !== null && step.body.observation.phase === "discuss") {
      step = await post(s, `/v1/episodes/${id}/step`, { agent, tool_calls: renderToolCalls([], task) });
      agent = step.body.agentSelection;
    }
    expect(step.body.observation.tools.map((t: any) => t.function.name)).toEqual(["choose"]);
    while (agent !== null) {
      step = await post(s, `/v1/episodes/${id}/step`, {
        agent,
        tool_calls: [{ type: "function", function: { name: "choose", arguments: '{"option":"Restaurant C"}' } }],
      });
      agent = step.body.agentSelection;
    }
    expect(step.body.done).toBe(true);
    expect(step.body.teamDecision).toBe(2);
    const trace = (await s.app.inject({ url: `/v1/episodes/${id}` })).json().trace;
    expect(trace.surface).toBe("tool");
    expect(trace.messages[0].acts).toEqual(acts);
    expect(trace.messages[1].acts).toEqual([{ kind: "propose", option: 2 }]);
    expect(trace.messages[2].parseError).toMatch(/arguments are not JSON/);
    expect(step.body.rewards).toEqual(scoreEpisode(task, trace));
  });

  it("refuses a step with neither text nor tool_calls, naming the field", async () => {
    const s = createEnvServer({ port: 0 });
    open.push(s);
    const id = (await post(s, "/v1/episodes", { family: "random", seed: 1, surface: "tool" })).body.episodeId;
    const bad = await post(s, `/v1/episodes/${id}/step`, { agent: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("body.text");
    const wrong = await post(s, `/v1/episodes/${id}/step`, { agent: 0, tool_calls: "share" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe("body.tool_calls");
  });
});
