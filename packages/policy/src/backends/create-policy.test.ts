import { generateTask, runEpisode } from "@cosir/env";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedPolicy } from "../scripted/scripted-policy";
import { chatReplyBody, closedPort, fakeChatServer } from "../test-support/fake-chat-server";
import { loadCheckpointPolicy } from "./checkpoint-backend";
import { createPolicy, policySpecLabel, probePolicy } from "./create-policy";
import { parsePolicySpec } from "./parse-policy-specs";

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});
const task = generateTask({ family: "random", seed: 2 });

describe("createPolicy", () => {
  it("scripted: the scripted team under the spec's name, on the canonical surface", async () => {
    const { policy, surface } = await createPolicy(parsePolicySpec("me=oracle"), { seed: 5, endpoint: {} });
    expect([policy.name, surface]).toEqual(["me", "canonical"]);
    const a = await runEpisode(task, policy, { surface });
    const b = await runEpisode(task, scriptedPolicy("oracle", { seed: 5 }), { surface });
    expect(a.messages.map((m) => m.text)).toEqual(b.messages.map((m) => m.text));
  });

  it("chat: ChatPolicy over an endpoint client on the natural surface; finish fails a run whose every call failed", async () => {
    const s = await fakeChatServer((_req, res) => res.writeHead(400).end("no such model"));
    servers.push(s);
    const spec = parsePolicySpec(`m=chat:qwen@${s.url}`);
    const made = await createPolicy(spec, { seed: 1, endpoint: { concurrency: 2 } });
    expect([made.policy.name, made.surface]).toEqual(["m", "natural"]);
    expect(() => made.finish?.()).not.toThrow(); // no calls yet
    const trace = await runEpisode(task, made.policy, { surface: made.surface });
    expect(trace.messages[0]?.text).toBe("[chat error: HTTP 400: no such model (not retried)]");
    expect(JSON.parse(s.bodies[0] as string)).toMatchObject({ model: "qwen", temperature: 0, seed: 1 });
    expect(() => made.finish?.()).toThrow(
      new RegExp(`^every one of the \\d+ calls to ${s.url.replace(/[./]/g, "\\$&")} failed; the last: HTTP 400`),
    );
    await probePolicy(spec); // the server answers, whatever the status
  });

  it("chat: an answering endpoint passes finish; a closed one fails the probe naming the entry", async () => {
    const s = await fakeChatServer((_req, res) => res.writeHead(200).end(chatReplyBody("Nothing to add.")));
    servers.push(s);
    const made = await createPolicy(parsePolicySpec(`m=chat:q@${s.url}`), { seed: 1, endpoint: {} });
    await runEpisode(task, made.policy, { surface: made.surface });
    expect(() => made.finish?.()).not.toThrow();
    const closed = parsePolicySpec(`c=chat:q@http://127.0.0.1:${await closedPort()}/v1`);
    await expect(probePolicy(closed)).rejects.toThrow(/^--policies: expected a reachable chat endpoint \(ECONNREFUSED/);
  });

  it("checkpoint: loads through @cosir/policy/tfjs's TfjsPolicy.fromCheckpoint, after selecting the back end", async () => {
    const calls: string[] = [];
    const fake = async () => ({
      selectBackend: async () => void calls.push("select"),
      TfjsPolicy: {
        fromCheckpoint: async (
          dir: string,
          o: { name: string; seed: number; choiceTemperature?: number; temperature?: number },
        ) => {
          calls.push(
            `load ${dir} ${o.name} ${o.seed}${o.choiceTemperature === undefined ? "" : ` ct ${o.choiceTemperature}`}${
              "temperature" in o ? ` t ${o.temperature}` : ""
            }`,
          );
          return { name: o.name, act: async () => [] };
        },
      },
    });
    expect((await loadCheckpointPolicy("runs/a", "base", 3, fake)).name).toBe("base");
    expect(calls).toEqual(["select", "load runs/a base 3"]);
    // the choices' temperature reaches the loader only when given (0, greedy, included)
    await loadCheckpointPolicy("runs/b", "cosir", 1, fake, 0);
    expect(calls.at(-1)).toBe("load runs/b cosir 1 ct 0");
    // and the talk's likewise: absent, no temperature key at all (the policy's default 1 stands)
    await loadCheckpointPolicy("runs/b", "cosir", 1, fake, undefined, 0.5);
    expect(calls.at(-1)).toBe("load runs/b cosir 1 t 0.5");
    await expect(loadCheckpointPolicy("runs/a", "base", 0, async () => ({}))).rejects.toThrow(
      /^--policies base=runs\/a: @cosir\/policy\/tfjs exports no TfjsPolicy.fromCheckpoint/,
    );
  });

  it("labels a spec as report headers do, and refuses an unregistered kind", async () => {
    expect(policySpecLabel(parsePolicySpec("oracle"))).toBe("oracle (scripted)");
    expect(policySpecLabel(parsePolicySpec("b=runs/a"))).toBe("b (checkpoint: runs/a)");
    expect(policySpecLabel(parsePolicySpec("c=chat:q@http://h/v1"))).toBe("c (chat: q @ http://h/v1)");
    expect(() => policySpecLabel({ name: "x", kind: "nope", target: "" })).toThrow(/^kind: expected a registered/);
  });
});
