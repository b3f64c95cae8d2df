import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiChatResponder } from "../chat/open-ai-chat-responder";
import { factStated, normaliseText } from "./fact-stated";
import { loadHiddenBench } from "./hidden-bench-task";
import { parseVote } from "./parse-vote";
import { runHiddenBench } from "./run-hidden-bench";

const fixture = fileURLToPath(new URL("./fixtures/hidden-bench-fixture.json", import.meta.url));

/**
 * A fake OpenAI-compatible chat server on 127.0.0.1. Each agent states its hidden fact when it speaks,
 * and votes for the shared-information favourite (the first answer) until the discussion contains every
 * hidden fact; then for the answer named in the last hidden fact's task ("correct" is encoded below).
 */
function fakeServer(): Promise<{ server: Server; url: string; requests: { model: string }[] }> {
  const requests: { model: string }[] = [];
  const correctOf: Record<string, string> = { "Choosing a supplier": "Supplier Beta", "Picking a venue": "Hill Hotel" };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const { model, messages } = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      requests.push({ model });
      const system = messages[0]?.content ?? "";
      const user = messages[messages.length - 1]?.content ?? "";
      const hidden = /Information only you have[^\n]*\n- (.*)/.exec(system)?.[1] ?? "";
      const task = /working on this task: (.*)\./.exec(system)?.[1] ?? "";
      const answers = (/Possible answers: (.*)\./.exec(system)?.[1] ?? "").split("; ");
      let content: string;
      if (user.includes("Privately vote")) {
        const spoken = (user.match(/^Agent \d+: /gm) ?? []).length;
        content = spoken >= 2 ? `After the discussion I vote for ${correctOf[task]}.` : `My vote: ${answers[0]}`;
      } else {
        content = `Important: ${hidden.toUpperCase()}`;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "x",
          object: "chat.completion",
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests }),
    ),
  );
}

describe("HiddenBench", () => {
  let fake: Awaited<ReturnType<typeof fakeServer>>;
  beforeAll(async () => {
    fake = await fakeServer();
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it("loads the public JSON format and names the bad field", () => {
    const tasks = loadHiddenBench(fixture);
    expect(tasks.map((t) => t.id)).toEqual(["1", "trip-2"]);
    expect(tasks[0]?.hidden_information).toHaveLength(3);
    expect(() => loadHiddenBench("/nonexistent/hb.json")).toThrow(/^hiddenBench:/);
  });

  it("runs the protocol against a real local HTTP chat server", async () => {
    const tasks = loadHiddenBench(fixture);
    const responder = openAiChatResponder({ baseUrl: fake.url, model: "fake-model" });
    const progress: number[] = [];
    const result = await runHiddenBench(tasks, responder, { rounds: 1, onProgress: (d) => progress.push(d) });
    const [a, b] = result.episodes;
    expect(a?.agents).toBe(3);
    expect(b?.agents).toBe(2);
    // before the discussion everyone votes for the first answer: wrong
    expect(a?.preVotes).toEqual([0, 0, 0]);
    expect(result.preAccuracy.value).toBe(0);
    // every agent stated its fact (upper-cased: the match is normalised), then all vote correctly
    expect(a?.disclosed).toEqual([true, true, true]);
    expect(result.disclosure.value).toBe(1);
    expect(a?.postVotes).toEqual([1, 1, 1]);
    expect(result.accuracy.value).toBe(1);
    expect(result.individualAccuracy.value).toBe(1);
    expect(a?.transcript).toHaveLength(3);
    expect(fake.requests.length).toBe(2 * 5 + 5);
    expect(fake.requests.every((r) => r.model === "fake-model")).toBe(true);
    expect(progress[progress.length - 1]).toBe(2 + 3);
  });

  it("with no discussion nothing is disclosed and the majority stays wrong", async () => {
    const tasks = loadHiddenBench(fixture);
    const result = await runHiddenBench(tasks, openAiChatResponder({ baseUrl: fake.url, model: "m" }), { rounds: 0 });
    expect(result.disclosure.value).toBe(0);
    expect(result.accuracy.value).toBe(0);
  });
});

describe("factStated and parseVote", () => {
  it("normalise case, punctuation and accents", () => {
    expect(normaliseText("  Café, RÉSUMÉ!  ")).toBe("cafe resume");
    expect(
      factStated("Supplier Alpha's factory closed last week.", "fyi: supplier alpha s FACTORY closed last week"),
    ).toBe(true);
    expect(factStated("Supplier Alpha's factory closed last week.", "Alpha's factory closed last week, I heard")).toBe(
      true,
    );
    expect(factStated("Supplier Alpha's factory closed last week.", "Alpha is cheap")).toBe(false);
  });

  it("picks the exact or last-named answer", () => {
    const answers = ["Supplier Alpha", "Supplier Beta"];
    expect(parseVote("supplier beta", answers)).toBe(1);
    expect(parseVote("Not Supplier Alpha; I vote Supplier Beta.", answers)).toBe(1);
    expect(parseVote("no idea", answers)).toBeNull();
  });
});
