import type { IncomingMessage, ServerResponse } from "node:http";
import { matchScriptedTask } from "./match-scripted-task";
import { isVotePrompt, ScriptedVoteCounter, scriptedHiddenBenchReply } from "./scripted-hidden-bench-reply";
import type { ScriptedHiddenBenchCall, ScriptedHiddenBenchServerOptions } from "./scripted-hidden-bench-types";
import { squashWhitespace as squash } from "./squash-whitespace";

type Message = { role: string; content: string };

/** Answers after the `hold` promise (if any) settles and then `delay` ms: HTTP 500 or a chat completion. */
function sendLater(res: ServerResponse, call: ScriptedHiddenBenchCall, delay: number, held: Promise<void> | undefined) {
  const send = (): void => {
    if (call.status !== 200) {
      res.writeHead(call.status, { "content-type": "text/plain" }).end("scripted failure [500]");
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: `scripted-${call.n}`,
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: call.reply }, finish_reason: "stop" }],
      }),
    );
  };
  const later = (): void => {
    if (delay > 0) setTimeout(send, delay);
    else send();
  };
  if (held === undefined) later();
  else held.then(later, later);
}

/**
 * The scripted server's request handler: numbers every request on arrival, answers 404 off
 * POST .../chat/completions, 400 to bad JSON or an unknown task, and otherwise logs the call to `log`
 * (before any hold or delay) and answers as the scripted agent would (HTTP 500 for `failCalls`).
 */
export function scriptedHiddenBenchHandler(
  opts: ScriptedHiddenBenchServerOptions,
  log: ScriptedHiddenBenchCall[],
): (req: IncomingMessage, res: ServerResponse) => void {
  const behaviour = opts.behaviour ?? "discloser";
  const votes = new ScriptedVoteCounter();
  let count = 0;
  const answer = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    const n = ++count;
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    let messages: Message[];
    try {
      messages = (JSON.parse(body) as { messages: Message[] }).messages;
    } catch {
      res.writeHead(400).end("bad JSON");
      return;
    }
    const match = matchScriptedTask(opts.tasks, messages[0]?.content ?? "");
    if (match === undefined) {
      res.writeHead(400).end("unknown task");
      return;
    }
    const user = messages[messages.length - 1]?.content ?? "";
    const kind = isVotePrompt(user) ? votes.kind(match) : "turn";
    const heard = squash(
      messages
        .slice(1)
        .map((m) => m.content)
        .join("\n"),
    );
    const { reply, vote, stated } = scriptedHiddenBenchReply(match, kind, behaviour, heard, opts.padding ?? 0);
    const status = opts.failCalls?.includes(n) ? 500 : 200;
    const call: ScriptedHiddenBenchCall = {
      n,
      taskId: match.task.id,
      condition: match.condition,
      held: match.heldFacts,
      kind,
      status,
      reply,
      vote: status === 200 ? vote : null,
      stated: status === 200 ? stated : [],
      longestAssistant: Math.max(0, ...messages.filter((m) => m.role === "assistant").map((m) => m.content.length)),
      prompt: messages.map((m) => m.content).join("\n"),
      last: user,
    };
    log.push(call);
    sendLater(res, call, opts.delayByTask?.[match.task.id] ?? opts.delayMs ?? 0, opts.hold?.(call));
  };
  return (req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString();
    });
    req.on("end", () => answer(req, res, body));
  };
}
