import { generateTask, renderMessage, type Act } from "@cosir/env";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createEnvServer, type EnvServer } from "../server/create-env-server";
import { injectJson } from "../test/inject-json";

let open: EnvServer[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.app.close()));
  open = [];
});

const call = (s: EnvServer, method: "GET" | "POST", url: string, body?: unknown) =>
  injectJson(s.app, method, url, body);

const task = generateTask({ family: "hiddenProfile", seed: 5 });

describe("step answers carry the parse of the step just taken", () => {
  it("natural: the acts, and the sentences no act was taken from as unparsed", async () => {
    const s = createEnvServer({ port: 0, scoringThreads: 0 });
    open.push(s);
    const created = await call(s, "POST", "/v1/episodes", { task, surface: "natural" });
    const id = created.body.episodeId as string;
    const share: Act = { kind: "share", option: 1, attribute: 0, level: task.levels[0] };
    const near = `${task.domain.options[0]} is maybe ${task.levels[1]} on ${task.domain.attributes[1]}.`;
    const text = `${renderMessage([share], "natural", task)} The weather is lovely today. ${near}`;
    const step = await call(s, "POST", `/v1/episodes/${id}/step`, { agent: 0, text });
    expect(step.status).toBe(200);
    expect(step.body.parse.acts).toEqual([share]);
    expect(step.body.parse.unparsed).toEqual(["The weather is lovely today.", near]);
    // a number next to a name that yielded no act: reported as missed too
    expect(step.body.parse.missed).toEqual([near]);
    expect(step.body.parse.error).toBeUndefined();
    // nothing understood: a parse error (PASS), reported with what was ignored
    const junk = await call(s, "POST", `/v1/episodes/${id}/step`, { agent: 1, text: "Hmm, let me think." });
    expect(junk.body.parse.acts).toEqual([{ kind: "pass" }]);
    expect(junk.body.parse.error).toEqual(expect.any(String));
  });

  it("private reasoning (<think>, closed or cut off) is never credited in a step answer", async () => {
    const s = createEnvServer({ port: 0, scoringThreads: 0 });
    open.push(s);
    const created = await call(s, "POST", "/v1/episodes", { task, surface: "natural" });
    const id = created.body.episodeId as string;
    const share: Act = { kind: "share", option: 1, attribute: 0, level: task.levels[0] };
    const hidden = renderMessage([{ kind: "propose", option: 2 }], "natural", task);
    const step = await call(s, "POST", `/v1/episodes/${id}/step`, {
      agent: 0,
      text: `<think>${hidden}</think>${renderMessage([share], "natural", task)}`,
    });
    expect(step.body.parse.acts).toEqual([share]);
    expect(step.body.parse.unparsed).toBeUndefined();
    const cut = await call(s, "POST", `/v1/episodes/${id}/step`, { agent: 1, text: `<think>${hidden}` });
    expect(cut.body.parse.acts).toEqual([{ kind: "pass" }]);
    expect(cut.body.parse.error).toEqual(expect.any(String));
    const { trace } = (await call(s, "GET", `/v1/episodes/${id}`)).body;
    expect(trace.messages.map((m: { acts: Act[] }) => m.acts)).toEqual([[share], [{ kind: "pass" }]]);
  });

  it("the parse equals what the trace records, for every message and choice (any text)", async () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(
        "PASS",
        "I have nothing new to share.",
        `${renderMessage([{ kind: "share", option: 0, attribute: 1, level: task.levels[1] }], "natural", task)} Thanks!`,
        renderMessage([{ kind: "propose", option: 2 }], "natural", task),
        "I choose the second one.",
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("natural", "canonical", "tool"),
        fc.array(texts, { minLength: 40, maxLength: 40 }),
        async (surface, stream) => {
          const s = createEnvServer({ port: 0, scoringThreads: 0 });
          open.push(s);
          const created = await call(s, "POST", "/v1/episodes", { task, surface });
          const id = created.body.episodeId as string;
          const parses: any[] = [];
          let agent: number | null = created.body.agentSelection;
          for (let k = 0; agent !== null; k++) {
            const step = await call(s, "POST", `/v1/episodes/${id}/step`, { agent, text: stream[k % stream.length] });
            expect(step.status).toBe(200);
            parses.push(step.body.parse);
            agent = step.body.agentSelection;
          }
          const { trace } = (await call(s, "GET", `/v1/episodes/${id}`)).body;
          const recorded = [
            ...trace.preChoices.map((c: any) => ({ choice: c.choice, error: c.parseError })),
            ...trace.messages.map((m: any) => ({ acts: m.acts, error: m.parseError })),
            ...trace.choices.map((c: any) => ({ choice: c.choice, error: c.parseError })),
          ];
          expect(parses.map(({ unparsed: _, ...p }) => ({ error: undefined, ...p }))).toEqual(recorded);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("stateless mode and idempotent retries answer the same parse", async () => {
    const s = createEnvServer({ port: 0, scoringThreads: 0, stateSecret: "step-parse-secret-0123" });
    open.push(s);
    const created = await call(s, "POST", "/v1/episodes", { task, surface: "natural" });
    const body = { agent: 0, text: "Restaurant A is nice. PASS", state: created.body.state, requestId: "r1" };
    const first = await call(s, "POST", `/v1/episodes/${created.body.episodeId}/step`, body);
    const again = await call(s, "POST", `/v1/episodes/${created.body.episodeId}/step`, body);
    expect(first.status).toBe(200);
    expect(first.body.parse).toEqual(expect.objectContaining({ acts: expect.any(Array) }));
    expect(again.body.parse).toEqual(first.body.parse);
  });
});
