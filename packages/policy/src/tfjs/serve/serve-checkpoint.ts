import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, resolve } from "node:path";
import { CosirError, InvalidArgumentError } from "@cosir/bayes";
import { selectBackend } from "../backend";
import { TfjsPolicy } from "../policy/tfjs-policy";
import { CanonicalTokenizer } from "../tokenizer/canonical-tokenizer";

export interface ServeCheckpointOptions {
  /** Checkpoint directory to serve. */
  checkpoint: string;
  /** TCP port; 0 picks a free one (see the returned `port`). Default 8000. */
  port?: number;
  /** Interface to listen on. Default "127.0.0.1" (this machine only). */
  host?: string;
  /** Largest request body in bytes (413 above). Default 1 MiB. */
  maxBodyBytes?: number;
  /** Requests being served or queued at most (429 above). Default 8. */
  maxConcurrency?: number;
  /** Longest reply in tokens (a request's max_tokens is capped to it). Default 32. */
  maxTokens?: number;
  /** Name reported by /v1/models and in replies. Default: the checkpoint directory's name. */
  modelName?: string;
  /** Seed of replies to requests without their own `seed`. Default 0. */
  seed?: number;
  /** One line per request (default: none). */
  log?: (line: string) => void;
}

export interface ServedCheckpoint {
  /** Base URL for OpenAI-compatible clients, e.g. http://127.0.0.1:8000/v1. */
  url: string;
  port: number;
  modelName: string;
  server: Server;
  policy: TfjsPolicy;
  /** Stops listening, ends open connections and frees the model. */
  close(): Promise<void>;
}

class HttpError extends CosirError {
  constructor(
    readonly status: number,
    message: string,
    readonly param: string | null = null,
    readonly type = status === 429 ? "rate_limit_error" : status >= 500 ? "server_error" : "invalid_request_error",
  ) {
    super("http_error", message);
  }
}

/**
 * Serves a checkpoint over the OpenAI-compatible chat API (POST /v1/chat/completions, GET
 * /v1/models, GET /health) with node:http. The model reads canonical text, so the rule is: the
 * content of the LAST user message is the canonical observation text (what ChatPolicy sends with
 * surface "canonical"); system and earlier messages are ignored. A request whose last user message
 * is mostly words outside the model's vocabulary is refused (400) rather than answered blindly.
 * Limits: bodies over maxBodyBytes get 413; more than maxConcurrency requests in flight get 429 with
 * Retry-After; malformed JSON or fields get 400 naming the field. Requests are answered one at a
 * time in arrival order (tfjs computes synchronously).
 */
export async function serveCheckpoint(options: ServeCheckpointOptions): Promise<ServedCheckpoint> {
  const port = options.port ?? 8000;
  const host = options.host ?? "127.0.0.1";
  const maxBodyBytes = options.maxBodyBytes ?? 1 << 20;
  const maxConcurrency = options.maxConcurrency ?? 8;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError("port", port, "expected an integer in 0..65535");
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new InvalidArgumentError("maxBodyBytes", maxBodyBytes, "expected a positive integer");
  if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1)
    throw new InvalidArgumentError("maxConcurrency", maxConcurrency, "expected a positive integer");
  await selectBackend();
  const dir = resolve(options.checkpoint);
  const modelName = options.modelName ?? basename(dir);
  const policy = await TfjsPolicy.fromCheckpoint(dir, {
    name: modelName,
    maxTokens: options.maxTokens ?? 32,
    seed: options.seed ?? 0,
  });
  const log = options.log;
  let inFlight = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const server = createServer((req, res) => {
    const started = Date.now();
    handle(req, res)
      .catch((error: unknown) => {
        const e =
          error instanceof HttpError
            ? error
            : new HttpError(500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
        if (e.status === 429) res.setHeader("retry-after", "1");
        sendJson(res, e.status, { error: { message: e.message, type: e.type, param: e.param, code: null } });
        if (e.status === 413) req.resume();
      })
      .finally(() => log?.(`${req.method} ${req.url} -> ${res.statusCode} in ${Date.now() - started} ms`));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0]!.replace(/\/+$/, "") || "/";
    if (path === "/health") return sendJson(res, 200, { status: "ok" });
    if (path === "/v1/models") {
      if (req.method !== "GET") throw new HttpError(405, `${req.method} is not allowed on ${path}; use GET`);
      return sendJson(res, 200, {
        object: "list",
        data: [{ id: modelName, object: "model", created: 0, owned_by: "cosir" }],
      });
    }
    if (path !== "/v1/chat/completions")
      throw new HttpError(404, `no route ${path}; try POST /v1/chat/completions or GET /v1/models`);
    if (req.method !== "POST") throw new HttpError(405, `${req.method} is not allowed on ${path}; use POST`);
    if (inFlight >= maxConcurrency)
      throw new HttpError(429, `too many requests in flight (limit ${maxConcurrency}); retry later`);
    inFlight++;
    try {
      const body = await readBody(req, maxBodyBytes);
      const request = parseRequest(body);
      const text = lastUserText(request.messages);
      checkCanonical(text.content, text.index, policy.tokenizer);
      const run = queue.then(() =>
        policy.complete([text.content], {
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          ...(request.topP !== undefined ? { topP: request.topP } : {}),
          ...(request.maxTokens !== undefined ? { maxTokens: request.maxTokens } : {}),
          ...(request.seed !== undefined ? { seed: request.seed } : {}),
        }),
      );
      queue = run.catch(() => undefined);
      const [action] = await run;
      const tokens = action!.tokens ?? [];
      const stopped = tokens[tokens.length - 1] === policy.tokenizer.eos;
      const promptTokens = policy.promptIds({ text: text.content }).length;
      sendJson(res, 200, {
        id: `chatcmpl-${randomBytes(12).toString("hex")}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: modelName,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: action!.text },
            finish_reason: stopped ? "stop" : "length",
            ...(request.logprobs
              ? {
                  logprobs: {
                    content: tokens.map((id, i) => ({
                      token: policy.tokenizer.word(id),
                      logprob: action!.logprobs![i]!,
                      bytes: null,
                      top_logprobs: [],
                    })),
                  },
                }
              : {}),
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: tokens.length,
          total_tokens: promptTokens + tokens.length,
        },
      });
    } finally {
      inFlight--;
    }
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolveListen();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}/v1`,
    port: address.port,
    modelName,
    server,
    policy,
    close: async () => {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      policy.dispose();
    },
  };
}

interface ChatRequest {
  messages: { role: string; content: string }[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  seed?: number;
  logprobs?: boolean;
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit)
    return Promise.reject(new HttpError(413, `request body of ${declared} bytes exceeds the limit of ${limit} bytes`));
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new HttpError(413, `request body exceeds the limit of ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolveBody(Buffer.concat(chunks).toString("utf8")));
    req.on("error", (error) => reject(new HttpError(400, `could not read the request body: ${error.message}`)));
  });
}

function parseRequest(body: string): ChatRequest {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new HttpError(400, `body is not valid JSON: ${(error as Error).message}`);
  }
  if (json === null || typeof json !== "object" || Array.isArray(json))
    throw new HttpError(400, "body: expected a JSON object");
  const r = json as Record<string, unknown>;
  if (!Array.isArray(r.messages) || r.messages.length === 0)
    throw new HttpError(400, "messages: expected a non-empty array of {role, content}", "messages");
  const messages = r.messages.map((m: unknown, i) => {
    const msg = m as { role?: unknown; content?: unknown } | null;
    if (msg === null || typeof msg !== "object")
      throw new HttpError(400, `messages[${i}]: expected an object with role and content`, `messages[${i}]`);
    if (typeof msg.role !== "string")
      throw new HttpError(400, `messages[${i}].role: expected a string`, `messages[${i}].role`);
    let content = msg.content;
    // the array-of-parts form: keep the text parts
    if (Array.isArray(content))
      content = content
        .map((p: { type?: unknown; text?: unknown }) =>
          p?.type === "text" && typeof p.text === "string" ? p.text : "",
        )
        .join("");
    if (typeof content !== "string")
      throw new HttpError(400, `messages[${i}].content: expected a string`, `messages[${i}].content`);
    return { role: msg.role, content };
  });
  const num = (field: string, min: number, max: number, integer = false): number | undefined => {
    const v = r[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
      throw new HttpError(
        400,
        `${field}: expected ${integer ? "an integer" : "a number"} in [${min}, ${max}], got ${JSON.stringify(v)}`,
        field,
      );
    }
    return v;
  };
  if (r.stream === true) throw new HttpError(400, "stream: streaming is not supported; send stream: false", "stream");
  const n = num("n", 1, 1, true);
  void n;
  if (r.model !== undefined && typeof r.model !== "string")
    throw new HttpError(400, "model: expected a string", "model");
  if (r.logprobs !== undefined && r.logprobs !== null && typeof r.logprobs !== "boolean")
    throw new HttpError(400, "logprobs: expected a boolean", "logprobs");
  const maxTokens = num("max_completion_tokens", 1, 1 << 20, true) ?? num("max_tokens", 1, 1 << 20, true);
  const out: ChatRequest = { messages };
  const temperature = num("temperature", 0, 100);
  const topP = num("top_p", 0, 1);
  const seed = num("seed", -(2 ** 53), 2 ** 53, true);
  if (temperature !== undefined) out.temperature = temperature;
  if (topP !== undefined) out.topP = topP === 0 ? 1e-9 : topP;
  if (maxTokens !== undefined) out.maxTokens = maxTokens;
  if (seed !== undefined) out.seed = seed;
  if (r.logprobs === true) out.logprobs = true;
  return out;
}

function lastUserText(messages: ChatRequest["messages"]): { content: string; index: number } {
  for (let i = messages.length - 1; i >= 0; i--)
    if (messages[i]!.role === "user") return { content: messages[i]!.content, index: i };
  throw new HttpError(
    400,
    'messages: expected a message with role "user" holding the canonical observation text',
    "messages",
  );
}

function checkCanonical(text: string, index: number, tokenizer: CanonicalTokenizer): void {
  const words = CanonicalTokenizer.split(text);
  const known = words.filter((w) => tokenizer.id(w) !== undefined).length;
  if (words.length === 0 || known * 2 < words.length) {
    throw new HttpError(
      400,
      `messages[${index}].content: expected canonical observation text (e.g. "AGENT A0 OF 3 ... SEE o0 a1 4 ... HISTORY ... ROUND 1 OF 3 SAY"); ${words.length - known} of ${words.length} words are outside this model's vocabulary. Send it with ChatPolicy({ surface: "canonical" }).`,
      `messages[${index}].content`,
    );
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
