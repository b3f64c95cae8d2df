import { monitorEventLoopDelay } from "node:perf_hooks";
import { generateTask } from "@cosir/env";
import { cosirPreset } from "@cosir/rewards";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_STEP_TEXT_LENGTH } from "../protocol/max-step-text-length";
import { startEnvServer, type RunningEnvServer } from "../server/start-env-server";
import { httpClient } from "../test/http-client.mjs";
import { EpisodeStateCodec, MAX_STATE_STEPS, maxStateTokenLength } from "./episode-state-codec";
import { StatelessEpisodes } from "./stateless-episodes";

// State tokens as an attacker sees them (issue 28): one canonical encoding, nothing readable inside, and the
// longest episode the protocol allows completing over HTTP. Each case prints how many inputs it tried.

const SECRET = "token-secret-0123456789";
const task = generateTask({ family: "random", seed: 9, options: 5, attributes: 4, agents: 3, rounds: 2 });

let open: RunningEnvServer[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

describe("state token encoding", () => {
  it("accepts only the canonical encoding: no padding, no standard alphabet, nothing appended, no unused bits", () => {
    const codec = new EpisodeStateCodec(SECRET, 60_000);
    let tried = 0;
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }), (texts) => {
        const token = codec.seal({ id: "e", task, surface: "natural", texts });
        expect(codec.open(token, "state").texts).toEqual(texts);
        const body = token.slice(3);
        const variants = [
          `${token}=`,
          `${token}==`,
          `${token}.`,
          `${token}x`,
          `${token} `,
          `${token}\n`,
          ` ${token}`,
          `s2.${body.replaceAll("-", "+").replaceAll("_", "/")}`,
          `s2.${Buffer.from(body, "base64url").toString("base64")}`,
          `S2.${body}`,
          `s1.${body}`,
        ];
        // The last character with its unused low bits set: decodes to the same bytes.
        const bits = (Buffer.from(body, "base64url").length * 8) % 6;
        if (bits !== 0) {
          const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
          const last = alphabet.indexOf(body.at(-1) as string);
          variants.push(`s2.${body.slice(0, -1)}${alphabet[last ^ 1]}`);
        }
        for (const v of variants) {
          if (v === token) continue;
          tried++;
          expect(() => codec.open(v, "state"), JSON.stringify(v.slice(-8))).toThrow(
            expect.objectContaining({ status: expect.any(Number) }),
          );
          try {
            codec.open(v, "state");
          } catch (error) {
            expect([400, 403]).toContain((error as { status: number }).status);
          }
        }
      }),
      { numRuns: 40 },
    );
    console.log(`attack suite: state token encodings: ${tried} tried, 0 accepted`);
  });

  it("reveals nothing a client should not see: not the correct answer, the task or the texts", () => {
    const codec = new EpisodeStateCodec(SECRET, 60_000);
    let tried = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.string({ minLength: 4 }), { maxLength: 3 }),
        (seed, texts) => {
          const t = generateTask({ family: "hiddenProfile", seed, options: 4, attributes: 3, agents: 3, rounds: 1 });
          const id = `episode-${seed}-of-the-confidentiality-test`;
          const token = codec.seal({ id, task: t, surface: "natural", texts });
          tried++;
          const decoded = Buffer.from(token.slice(3), "base64url");
          for (const view of [
            token,
            decoded.toString("utf8"),
            decoded.toString("latin1"),
            decoded.toString("utf16le"),
          ]) {
            expect(view).not.toContain('"correct"');
            expect(view).not.toContain(t.id);
            expect(view).not.toContain(id);
            for (const text of texts.filter((x) => x.trim().length >= 4)) expect(view).not.toContain(text);
          }
          // Two tokens of the same state share no readable structure either (a fresh IV each time).
          const again = codec.seal({ id, task: t, surface: "natural", texts });
          expect(again.slice(0, 24)).not.toBe(token.slice(0, 24));
        },
      ),
      { numRuns: 60 },
    );
    console.log(`attack suite: state token confidentiality: ${tried} tokens inspected`);
  });

  it("bounds the token of the longest episode the protocol allows, text by text", () => {
    const codec = new EpisodeStateCodec(SECRET, 60_000);
    const big = generateTask({ family: "random", seed: 1, options: 26, attributes: 10, agents: 16, rounds: 16 });
    // The worst text for the encoding: lone surrogates (UTF-8 cannot carry them) and astral characters.
    const worst = "\ud800😀".repeat(MAX_STEP_TEXT_LENGTH / 3).padEnd(MAX_STEP_TEXT_LENGTH, "\u0001");
    const texts = Array(MAX_STATE_STEPS).fill(worst);
    const token = codec.seal({ id: "e", task: big, surface: "natural", texts });
    expect(token.length).toBeLessThanOrEqual(maxStateTokenLength(4 * 1024 * 1024));
    expect(codec.open(token, "state").texts).toEqual(texts);
  });
});

describe("the longest episode, stateless", () => {
  it("completes a 16 x 16 episode of 16,384-character texts; its last step goes over HTTP to a replica that replays it", async () => {
    const big = { family: "random", seed: 4, agents: 16, rounds: 16, options: 26, attributes: 10 };
    const episodes = new StatelessEpisodes({ stateSecret: SECRET, ttlSeconds: 600, maxEpisodes: 10 });
    const words = "I think o3 is good on a1 and o5 rates 4 on a2 . Let us ask o2 about a7 ? ";
    const text = words.repeat(Math.ceil(MAX_STEP_TEXT_LENGTH / words.length)).slice(0, MAX_STEP_TEXT_LENGTH);
    const task16 = generateTask(big);
    let entry = episodes.create("long", task16, "natural", cosirPreset, "cosir");
    let token = episodes.seal(entry);
    let steps = 0;
    // Every step but the last in this process, as the step route does (the episode comes from the cache).
    while (steps < 16 * 16 + 15) {
      entry = await episodes.open("long", token, "body.state");
      await episodes.claim(entry, { agent: entry.env.agentSelection ?? 0, text }, "body.state");
      entry.env.step(text);
      token = episodes.seal(entry);
      steps++;
      // a turn of the event loop between steps: the steps' awaits resolve as microtasks, so without it the whole
      // replay (1.5-3 minutes on 2 cores) starves vitest's worker RPC ("Timeout calling onTaskUpdate", session 67's CI
      // run beside another job)
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The last step: over HTTP, on a replica that never saw the episode (a full replay of 271 texts).
    const s = await startEnvServer({ port: 0, stateSecret: SECRET, scoringThreads: 1 });
    open.push(s);
    const http = httpClient(s.url, 2);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const health = http.send("GET", "/healthz");
    const last = await http.send("POST", "/v1/episodes/long/step", { agent: 15, text, state: token });
    delay.disable();
    const trace = await http.send("POST", "/v1/episodes/long", { state: last.body.state });
    http.close();
    console.log(
      `longest episode: ${steps + 1} steps, last state in ${token.length} characters (bound ${episodes.codec.maxTokenLength}), /healthz in ${(await health).ms.toFixed(0)} ms during the replay, event loop delay max ${(delay.max / 1e6).toFixed(0)} ms`,
    );
    expect(last.status, JSON.stringify(last.body).slice(0, 300)).toBe(200);
    expect(last.body.done).toBe(true);
    expect(trace.status).toBe(200);
    expect(trace.body.trace.messages).toHaveLength(256);
    expect(trace.body.trace.choices).toHaveLength(16);
  }, 300_000);
});
