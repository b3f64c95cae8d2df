import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { HiddenBenchTask } from "./hidden-bench-task";
import { scriptedHiddenBenchHandler } from "./scripted-hidden-bench-handler";
import type { ScriptedHiddenBenchCall, ScriptedHiddenBenchServerOptions } from "./scripted-hidden-bench-types";

const task: HiddenBenchTask = {
  id: "t",
  name: "t",
  description: "Pick a site.",
  shared_information: [],
  hidden_information: ["Alpha floods.", "Charlie has wells."],
  possible_answers: ["Alpha", "Charlie"],
  correct_answer: "Charlie",
};

let server: Server | undefined;
afterEach(() => server?.close());

async function serve(opts: Partial<ScriptedHiddenBenchServerOptions> = {}) {
  const log: ScriptedHiddenBenchCall[] = [];
  server = createServer(scriptedHiddenBenchHandler({ tasks: [task], ...opts }, log));
  await new Promise<void>((r) => server?.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
  const post = (body: unknown, path = "/v1/chat/completions") =>
    fetch(`${base}${path}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });
  return { log, post };
}
const chat = (system: string, user: string, extra: { role: string; content: string }[] = []) => ({
  messages: [{ role: "system", content: system }, ...extra, { role: "user", content: user }],
});

describe("scriptedHiddenBenchHandler", () => {
  it("answers a chat completion and logs the call as the server saw it", async () => {
    const { log, post } = await serve();
    const r = await post(chat("Pick a site. Fact 1: Alpha floods.", "Speak.", [{ role: "assistant", content: "abc" }]));
    expect(r.status).toBe(200);
    const body = (await r.json()) as { id: string; choices: { message: { content: string } }[] };
    expect(body.id).toBe("scripted-1");
    expect(body.choices[0]?.message.content).toBe("What I know: Alpha floods.");
    expect(log).toEqual([
      {
        n: 1,
        taskId: "t",
        condition: "hidden",
        held: [0],
        kind: "turn",
        system: "Pick a site. Fact 1: Alpha floods.",
        status: 200,
        reply: "What I know: Alpha floods.",
        vote: null,
        json: false,
        tolerantVote: null,
        responseFormat: undefined,
        enableThinking: undefined,
        requestKeys: ["messages"],
        stated: [0],
        longestAssistant: 3,
        prompt: "Pick a site. Fact 1: Alpha floods.\nabc\nSpeak.",
        last: "Speak.",
      },
    ]);
  });

  it("numbers every request; 404 off the route, 400 to bad JSON and unknown tasks, 500 to failCalls", async () => {
    const { log, post } = await serve({ failCalls: [4] });
    expect((await post({}, "/v1/models")).status).toBe(404);
    expect((await post("{")).status).toBe(400);
    expect((await post(chat("Something else.", "hi"))).status).toBe(400);
    const failed = await post(chat("Pick a site. Alpha floods.", 'Your "vote"?'));
    expect([failed.status, await failed.text()]).toEqual([500, "scripted failure [500]"]);
    expect(log.map((c) => [c.n, c.kind, c.status, c.vote])).toEqual([[4, "preVote", 500, null]]);
    // asked again: still the vote before the discussion; after the agent's turn, the vote after
    const ok = await post({
      ...chat("Pick a site. Alpha floods.", 'Your "vote"?'),
      response_format: { type: "json_object" },
    });
    expect(ok.status).toBe(200);
    expect(log[1]).toMatchObject({ n: 5, kind: "preVote", vote: 0, json: true, responseFormat: "json_object" });
    await post(chat("Pick a site. Alpha floods.", "Speak."));
    await post(chat("Pick a site. Alpha floods.", 'Your "vote"?'));
    expect(log[3]).toMatchObject({ n: 7, kind: "postVote" });
  });

  it("refuse: every request answered with the given status and body, nothing logged", async () => {
    const { log, post } = await serve({ refuse: { status: 400, body: "model 'x' does not exist" } });
    const r = await post(chat("Pick a site. Alpha floods.", 'Your "vote"?'));
    expect([r.status, await r.text()]).toEqual([400, "model 'x' does not exist"]);
    expect(log).toEqual([]);
  });

  it("logs a call before holding its reply, and holds it until the hold settles", async () => {
    let release = (): void => {};
    const { log, post } = await serve({
      hold: () => new Promise<void>((r) => (release = r)),
      delayByTask: { t: 5 },
    });
    let answered = false;
    const pending = post(chat("Pick a site. Alpha floods.", "Speak.")).then((r) => {
      answered = true;
      return r;
    });
    while (log.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    release();
    expect((await pending).status).toBe(200);
  });
});
