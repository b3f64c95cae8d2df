import { CollaborationEnv, parseMessage, randomTask, renderMessage } from "@cosir/env";
import { scoreEpisode } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "../test/run-cli";

describe("cosir score on forged traces", () => {
  const task = randomTask({ seed: 9, options: 3, attributes: 2, agents: 3, rounds: 2 });
  const env = new CollaborationEnv(task, { surface: "canonical" });
  while (!env.done) env.step(env.phase === "discuss" ? "ASK o0 a0" : "CHOOSE o1");
  const trace = env.trace();

  it("scores the genuine trace and refuses 1,000 ASKs and ghost votes with the violation named", async () => {
    const asks = {
      ...trace,
      messages: Array.from({ length: 1000 }, (_, t) => ({
        turn: t,
        round: Math.floor(t / 3),
        speaker: t % 3,
        text: "ASK o0 a0",
        acts: [{ kind: "ask", option: 0, attribute: 0 }],
      })),
    };
    const ghosts = { ...trace, choices: [...trace.choices, { agent: 5, text: "CHOOSE o0", choice: 0 }] };
    const stdin = [trace, asks, ghosts].map((t) => JSON.stringify({ task, trace: t })).join("\n");
    const out = await runCli(["score"], `${stdin}\n`);
    expect(out.code).toBe(1);
    const [genuine, forgedAsks, forgedVotes] = jsonLines(out.stdout) as Record<string, unknown>[];
    expect(genuine).toEqual(JSON.parse(JSON.stringify(scoreEpisode(task, trace))));
    expect(forgedAsks).toEqual({
      error: "line 2: trace.messages.length: expected at most 6 messages (2 rounds x 3 agents), got 1000",
    });
    expect(forgedVotes?.error).toMatch(/^line 3: trace\.choices\.length: expected at most 3 final choices/);
  });
});

describe("cosir score --unparsed", () => {
  it("lists, per message, the text the parser took no act from; without the flag the line is unchanged", async () => {
    const task = randomTask({ seed: 4, options: 3, attributes: 2, agents: 3, rounds: 1 });
    const env = new CollaborationEnv(task, { surface: "natural" });
    const share = renderMessage([{ kind: "share", option: 0, attribute: 1, level: task.levels[0] }], "natural", task);
    const near = `${task.domain.options[1]} might be ${task.levels[1]} or so on ${task.domain.attributes[0]}.`;
    const texts = [`${share} Lovely weather today.`, share, `Hmm. ${near}`];
    for (let k = 0; !env.done; k++) env.step(env.phase === "discuss" ? texts[k]! : "I choose option 1.");
    const trace = env.trace();
    const line = `${JSON.stringify({ task, trace })}\n`;
    const plain = jsonLines((await runCli(["score"], line)).stdout)[0] as Record<string, unknown>;
    expect(plain).toEqual(JSON.parse(JSON.stringify(scoreEpisode(task, trace, undefined, { untrusted: true }))));
    const out = await runCli(["score", "--unparsed"], line);
    expect(out.code).toBe(0);
    const [withUnparsed] = jsonLines(out.stdout) as Record<string, unknown>[];
    const { unparsed, ...rest } = withUnparsed!;
    expect(rest).toEqual(plain);
    const expected = trace.messages.flatMap((m) => {
      const { unparsed: u, missed } = parseMessage(m.text, "natural", task);
      return u === undefined ? [] : [{ turn: m.turn, speaker: m.speaker, unparsed: u, ...(missed ? { missed } : {}) }];
    });
    expect(unparsed).toEqual(expected);
    expect(unparsed).toEqual([
      { turn: 0, speaker: 0, unparsed: ["Lovely weather today."] },
      // a number next to a name that gave no act is also listed as missed
      { turn: 2, speaker: 2, unparsed: ["Hmm.", near], missed: [near] },
    ]);
  });
});
