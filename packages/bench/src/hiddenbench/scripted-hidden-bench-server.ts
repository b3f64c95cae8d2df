import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { InvalidArgumentError } from "@cosir/bayes";
import type { HiddenBenchTask } from "./hidden-bench-task";

/**
 * "discloser": states its hidden fact(s) verbatim at every turn and, after the discussion, votes for
 * the correct answer once it has seen every hidden fact; "withholder": only repeats the options, so it
 * never discloses, and keeps the wrong vote. Both vote for the correct answer when they hold every fact
 * (full-information condition), else for the first wrong option before the discussion.
 */
export type ScriptedHiddenBenchBehaviour = "discloser" | "withholder";

export interface ScriptedHiddenBenchServerOptions {
  tasks: readonly HiddenBenchTask[];
  behaviour?: ScriptedHiddenBenchBehaviour;
  /** Delay of every reply (ms); default 0. */
  delayMs?: number;
  /** Delay of the replies for one task id (ms), overriding `delayMs`. */
  delayByTask?: Readonly<Record<string, number>>;
  /** 1-based call numbers answered with HTTP 500. */
  failCalls?: readonly number[];
  /** Holds a reply until the returned promise settles (called after the call is logged). */
  hold?: (call: ScriptedHiddenBenchCall) => Promise<void> | undefined;
  /** Characters of filler appended to every discussion reply (to test truncation); default 0. */
  padding?: number;
}

/** One call the server answered, as the server saw it: the ground truth a report is recounted from. */
export interface ScriptedHiddenBenchCall {
  /** 1-based arrival order. */
  n: number;
  taskId: string;
  condition: "hidden" | "full";
  /** Hidden facts (indices) in the caller's prompt: one under "hidden", all under "full". */
  held: number[];
  kind: "preVote" | "turn" | "postVote";
  status: number;
  reply: string;
  /** Option index the reply votes for (votes), else null. */
  vote: number | null;
  /** Hidden fact indices the reply states (turns). */
  stated: number[];
  /** Longest assistant message and longest message of the request (characters). */
  longestAssistant: number;
  /** Every message content of the request, joined. */
  prompt: string;
  /** The last message of the request (the prompt of this turn or vote). */
  last: string;
}

export interface ScriptedHiddenBenchServer {
  /** Base URL including /v1. */
  url: string;
  log: ScriptedHiddenBenchCall[];
  close(): Promise<void>;
}

const squashed = new Map<string, string>();
/** Whitespace runs to one space (memoised: the same task texts are looked up on every call). */
const squash = (s: string): string => {
  let out = squashed.get(s);
  if (out === undefined) {
    out = s.replace(/\s+/g, " ").trim();
    if (squashed.size < 10_000) squashed.set(s, out);
  }
  return out;
};

/**
 * A local OpenAI-compatible chat server on 127.0.0.1 that plays HiddenBench agents with a known
 * behaviour and logs every call, so tests and measurements can recount a report's figures from what
 * the server itself answered. It recognises the task by its description and the facts an agent holds
 * by their text in the system message, so it works under either protocol.
 */
export function scriptedHiddenBenchServer(opts: ScriptedHiddenBenchServerOptions): Promise<ScriptedHiddenBenchServer> {
  if (!Array.isArray(opts?.tasks) || opts.tasks.length === 0)
    throw new InvalidArgumentError("tasks", opts?.tasks, "expected a non-empty list of HiddenBench tasks");
  const behaviour = opts.behaviour ?? "discloser";
  const log: ScriptedHiddenBenchCall[] = [];
  const votesSeen = new Map<string, number>();
  let count = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString();
    });
    req.on("end", () => {
      const n = ++count;
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404).end();
        return;
      }
      let messages: { role: string; content: string }[];
      try {
        messages = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages;
      } catch {
        res.writeHead(400).end("bad JSON");
        return;
      }
      const system = squash(messages[0]?.content ?? "");
      // the task whose description, shared and hidden facts best match the system message
      const score = (t: HiddenBenchTask): number =>
        (system.includes(squash(t.description)) ? 1000 : 0) +
        [...t.shared_information, ...t.hidden_information].filter((f) => system.includes(squash(f))).length;
      let task: HiddenBenchTask | undefined;
      let best = 0;
      for (const t of opts.tasks) {
        const sc = score(t);
        if (sc > best) {
          task = t;
          best = sc;
        }
      }
      if (task === undefined) {
        res.writeHead(400).end("unknown task");
        return;
      }
      const heldFacts = task.hidden_information.flatMap((f, k) => (system.includes(squash(f)) ? [k] : []));
      const condition = heldFacts.length === task.hidden_information.length && heldFacts.length > 1 ? "full" : "hidden";
      const user = messages[messages.length - 1]?.content ?? "";
      const isVote = /"vote"|Privately vote/.test(user);
      const key = `${task.id}|${condition}|${heldFacts.join(",")}`;
      let kind: ScriptedHiddenBenchCall["kind"] = "turn";
      if (isVote) {
        const seen = votesSeen.get(key) ?? 0;
        votesSeen.set(key, seen + 1);
        kind = seen % 2 === 0 ? "preVote" : "postVote";
      }
      const answers = task.possible_answers;
      const correct = answers.indexOf(task.correct_answer);
      const wrong = answers.findIndex((a) => a !== task.correct_answer);
      const heard = squash(
        messages
          .slice(1)
          .map((m) => m.content)
          .join("\n"),
      );
      const knowsAll = task.hidden_information.every((f, k) => heldFacts.includes(k) || heard.includes(squash(f)));
      let reply: string;
      let vote: number | null = null;
      let stated: number[] = [];
      if (isVote) {
        vote = condition === "full" || (kind === "postVote" && behaviour === "discloser" && knowsAll) ? correct : wrong;
        const other = answers[(vote + 1) % answers.length] as string;
        reply = JSON.stringify({
          vote: answers[vote],
          rationale: `${other} looks weaker than ${answers[vote]}, and ${answers[(vote + 2) % answers.length]} is not convincing.`,
        });
      } else if (behaviour === "discloser") {
        stated = heldFacts;
        reply = `What I know: ${heldFacts.map((k) => squash(task.hidden_information[k] as string)).join(" ")}`;
      } else {
        reply = `We should weigh ${answers.join(", ")} carefully before deciding.`;
      }
      if (!isVote && (opts.padding ?? 0) > 0) reply += ` ${"filler ".repeat(Math.ceil((opts.padding ?? 0) / 7))}`;
      const status = opts.failCalls?.includes(n) ? 500 : 200;
      log.push({
        n,
        taskId: task.id,
        condition,
        held: heldFacts,
        kind,
        status,
        reply,
        vote: status === 200 ? vote : null,
        stated: status === 200 ? stated : [],
        longestAssistant: Math.max(0, ...messages.filter((m) => m.role === "assistant").map((m) => m.content.length)),
        prompt: messages.map((m) => m.content).join("\n"),
        last: user,
      });
      const delay = opts.delayByTask?.[task.id] ?? opts.delayMs ?? 0;
      const held = opts.hold?.(log[log.length - 1] as ScriptedHiddenBenchCall);
      const send = (): void => {
        if (status !== 200) {
          res.writeHead(status, { "content-type": "text/plain" }).end("scripted failure [500]");
          return;
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: `scripted-${n}`,
            object: "chat.completion",
            choices: [{ index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" }],
          }),
        );
      };
      const later = (): void => {
        if (delay > 0) setTimeout(send, delay);
        else send();
      };
      if (held === undefined) later();
      else held.then(later, later);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        log,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}
