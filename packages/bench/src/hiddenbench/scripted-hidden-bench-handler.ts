import type { IncomingMessage, ServerResponse } from "node:http";
import { matchScriptedTask } from "./match-scripted-task";
import { isVotePrompt, ScriptedVoteCounter, scriptedHiddenBenchReply } from "./scripted-hidden-bench-reply";
import type { ScriptedHiddenBenchCall, ScriptedHiddenBenchServerOptions } from "./scripted-hidden-bench-types";
import { squashWhitespace as squash } from "./squash-whitespace";

type Message = { role: string; content: string };
type Body = { messages: Message[]; response_format?: { type?: string }; enable_thinking?: boolean };

/** Answers after the `hold` promise (if any) settles and then `delay` ms: HTTP 500 or a chat completion. */
function sendLater(res: ServerResponse, call: ScriptedHiddenBenchCall, delay: number, held: Promise<void> | undefined) {
  const send = (): void => {
    if (call.status !== 200) {
      res.writeHead(call.status, { "content-type": "text/plain" }).end(call.reply);
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: `scripted-${call.n}`,
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: call.reply },
            finish_reason: /<think>(?![\s\S]*<\/think>)/.test(call.reply) ? "length" : "stop",
          },
        ],
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
 * (before any hold or delay) and answers as the scripted agent would (HTTP 500 for `failCalls`; every
 * request `refuse`d, unlogged, when that is set).
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
    if (opts.refuse !== undefined) {
      res.writeHead(opts.refuse.status, { "content-type": "text/plain" }).end(opts.refuse.body);
      return;
    }
    let request: Body;
    try {
      request = JSON.parse(body) as Body;
    } catch {
      res.writeHead(400).end("bad JSON");
      return;
    }
    const messages = request.messages;
    const match = matchScriptedTask(opts.tasks, messages[0]?.content ?? "");
    if (match === undefined) {
      res.writeHead(400).end("unknown task");
      return;
    }
    const user = messages[messages.length - 1]?.content ?? "";
    const system = messages[0]?.content ?? "";
    let kind: ScriptedHiddenBenchCall["kind"] = "turn";
    let ask = 1;
    if (isVotePrompt(user))
      ({ kind, ask } = votes.kind(
        system,
        messages.some((m) => m.role === "assistant"),
      ));
    else votes.turn(system);
    const heard = squash(
      messages
        .slice(1)
        .map((m) => m.content)
        .join("\n"),
    );
    const scripted = scriptedHiddenBenchReply(match, kind, behaviour, heard, opts.padding ?? 0, opts.style, ask);
    const status = opts.failCalls?.includes(n) ? 500 : 200;
    const ok = status === 200;
    const call: ScriptedHiddenBenchCall = {
      n,
      taskId: match.task.id,
      condition: match.condition,
      held: match.heldFacts,
      kind,
      system,
      status,
      reply: ok ? scripted.reply : "scripted failure [500]",
      vote: ok ? scripted.vote : null,
      json: ok && scripted.json,
      tolerantVote: ok ? scripted.tolerantVote : null,
      responseFormat: request.response_format?.type,
      enableThinking: request.enable_thinking,
      requestKeys: Object.keys(request),
      stated: ok ? scripted.stated : [],
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
