import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { InvalidArgumentError } from "@cosir/bayes";
import { CollaborationEnv, validateTask, type Task } from "@cosir/env";
import { rewardConfig, type RewardConfig } from "@cosir/rewards";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { ZodType, ZodTypeDef } from "zod";
import { observationView } from "../observation/observation-view";
import { stepParse } from "../observation/step-parse";
import {
  resolveEnvServerOptions,
  type EnvServerOptions,
  type ResolvedEnvServerOptions,
} from "../options/env-server-options";
import { checkTaskBudget } from "../protocol/check-task-budget";
import { generateAt } from "../protocol/cosir-label";
import { CreateEpisodeRequestSchema } from "../protocol/create-episode-request";
import { GetRewardRequestSchema } from "../protocol/get-reward-request";
import { StepRequestSchema } from "../protocol/step-request";
import { zodFieldError } from "../protocol/zod-field-error";
import { rewardResponseOf } from "../reward/get-reward-response";
import { planRewardRequestAsync } from "../reward/reward-plan";
import { ScoringPool } from "../scoring/scoring-pool";
import type { SpentLedger } from "../state/replay-guard";
import { StatelessEpisodes } from "../state/stateless-episodes";
import { EpisodeStore, REMEMBERED_REQUESTS, type EpisodeEntry } from "../store/episode-store";
import { errorBody, errorReply } from "./error-reply";
import { HttpError } from "./http-error";

export interface EnvServer {
  /** The fastify instance (not yet listening); `inject` works for in-process tests. */
  app: FastifyInstance;
  store: EpisodeStore;
  options: ResolvedEnvServerOptions;
  /** The threads that score traces (closed with the app). */
  scoring: ScoringPool;
}

export interface EnvServerHooks {
  /** Clock for TTLs (tests); default Date.now. */
  now?: () => number;
  /** Stateless mode: where spent states are recorded (startEnvCluster's workers share the primary's). */
  spentLedger?: SpentLedger;
}

function parseBody<T>(schema: ZodType<T, ZodTypeDef, unknown>, body: unknown): T {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body))
    throw new InvalidArgumentError("body", body, "expected a JSON object");
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw zodFieldError("body", parsed.error, body);
  return parsed.data;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/**
 * The CoSIR episode and reward service (routes in the package README): episodes driven step by step, and
 * OpenRLHF's `/get_reward` protocol. Bodies are size-limited and validated; every failure is a JSON
 * `{error: {code, message, field?}}` with a 4xx status, never a crash.
 */
export function createEnvServer(options: EnvServerOptions = {}, hooks: EnvServerHooks = {}): EnvServer {
  const opts = resolveEnvServerOptions(options);
  const store = new EpisodeStore({
    maxEpisodes: opts.maxEpisodes,
    ttlMs: opts.ttlSeconds * 1000,
    ...(hooks.now ? { now: hooks.now } : {}),
  });
  const defaultConfig = rewardConfig(opts.preset);
  // Stateless mode (`stateSecret`): episode state travels with each request as a signed token; see StatelessEpisodes.
  const stateless =
    opts.stateSecret !== undefined
      ? new StatelessEpisodes({
          ...opts,
          stateSecret: opts.stateSecret,
          ...(hooks.now ? { now: hooks.now } : {}),
          ...(hooks.spentLedger ? { ledger: hooks.spentLedger } : {}),
        })
      : undefined;
  stateless?.setDefault(defaultConfig);
  const app = Fastify({
    logger: opts.logger,
    bodyLimit: opts.maxBodyBytes,
    requestTimeout: 60_000,
    return503OnClosing: true,
    // A URL fastify cannot decode (bad percent-encoding) and a request node's parser refuses (431 headers too
    // large, 400 malformed) get the same JSON error shape as every other failure.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(400).send(errorBody("bad_url", `url: ${error.message}`, "url"));
    },
    clientErrorHandler: clientErrorReply,
  });
  const scoring = new ScoringPool(opts.scoringThreads);
  const tokenDigest = opts.token !== undefined ? digest(opts.token) : undefined;

  // Malformed JSON names the body and where it broke; prototype poisoning is refused by fastify's parser.
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    jsonParser(request, body as string, (error, value) => {
      if (error) {
        let reason = error.message;
        try {
          JSON.parse(body as string);
        } catch (syntax) {
          reason = syntax instanceof Error ? syntax.message : reason;
        }
        done(new InvalidArgumentError("body", body, `expected valid JSON (${reason})`), undefined);
      } else done(null, value);
    });
  });

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (tokenDigest === undefined || request.url === "/healthz") return;
    const header = request.headers.authorization;
    let given: string | undefined;
    if (typeof header === "string" && header.startsWith("Bearer ")) given = header.slice(7).trim();
    else {
      const q = (request.query as Record<string, unknown> | undefined)?.token;
      if (typeof q === "string") given = q;
    }
    if (given === undefined || !timingSafeEqual(digest(given), tokenDigest)) {
      reply.header("www-authenticate", 'Bearer realm="cosir"');
      await reply
        .code(401)
        .send(
          errorBody(
            "unauthorized",
            given === undefined ? "missing token: send Authorization: Bearer <token> (or ?token=)" : "wrong token",
            "authorization",
          ),
        );
    }
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorBody("not_found", `no route ${request.method} ${request.url.split("?")[0]}`));
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    const typed = errorReply(error);
    if (typed !== undefined) {
      if (typed.status === 503) reply.header("retry-after", "1");
      if (typed.status >= 500) request.log.error(error);
      return reply.code(typed.status).send(typed.body);
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
      const field = e.code?.startsWith("FST_ERR_CTP") ? "body" : undefined;
      const message =
        e.statusCode === 413
          ? `body: larger than the limit of ${opts.maxBodyBytes} bytes`
          : `${field ? "body: " : ""}${e.message ?? "bad request"}`;
      return reply.code(e.statusCode).send(errorBody(e.code ?? "bad_request", message, field));
    }
    request.log.error(error);
    return reply.code(500).send(errorBody("internal", "internal error"));
  });

  app.get("/healthz", async () => ({ ok: true, episodes: store.size }));

  app.post("/v1/episodes", async (request) => {
    const body = parseBody(CreateEpisodeRequestSchema, request.body);
    let task: Task;
    if (body.task !== undefined) {
      try {
        task = validateTask(body.task);
      } catch (error) {
        throw new InvalidArgumentError(
          "body.task",
          undefined,
          `invalid task (${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
      }
      checkTaskBudget(task, "body.task", opts.scoreBudget);
    } else
      task = checkTaskBudget(generateAt(body as { family: string; seed: number }, "body"), "body", opts.scoreBudget);
    let config: RewardConfig = defaultConfig;
    if (body.preset !== undefined) {
      try {
        config = rewardConfig(body.preset);
      } catch (error) {
        throw new InvalidArgumentError(
          "body.preset",
          body.preset,
          error instanceof Error ? error.message.replace(/^[^:]*: /, "").replace(/, got .*$/s, "") : "unknown preset",
        );
      }
    }
    const env = new CollaborationEnv(task, { surface: body.surface ?? "natural" });
    const entry = stateless
      ? stateless.create(randomUUID(), task, env.surface, config, body.preset)
      : store.add({ id: randomUUID(), env, config, responses: new Map() });
    if (entry === undefined)
      throw new HttpError(503, "capacity", `${store.maxEpisodes} episodes are running (--max-episodes); retry later`);
    return {
      episodeId: entry.id,
      taskId: task.id,
      agents: task.agents,
      rounds: task.rounds,
      surface: env.surface,
      done: env.done,
      agentSelection: env.agentSelection,
      observation: observationView(entry.env),
      ...(stateless ? { state: stateless.seal(entry) } : {}),
    };
  });

  function episodeOf(id: string): EpisodeEntry {
    const entry = store.get(id);
    if (entry === undefined)
      throw new HttpError(
        404,
        "unknown_episode",
        `episode ${JSON.stringify(id.slice(0, 80))} is unknown or expired`,
        "id",
      );
    return entry;
  }

  app.post<{ Params: { id: string } }>("/v1/episodes/:id/step", async (request, reply) => {
    const stored = stateless ? undefined : episodeOf(request.params.id);
    const body = parseBody(StepRequestSchema, request.body);
    const entry = stored ?? (stateless as StatelessEpisodes).open(request.params.id, body.state, "body.state");
    const fingerprint = `${body.agent}\u0000${body.text}`;
    if (body.requestId !== undefined) {
      const seen = entry.responses.get(body.requestId);
      if (seen !== undefined) {
        if (seen.fingerprint !== fingerprint)
          throw new HttpError(
            409,
            "request_id_reused",
            `body.requestId: ${JSON.stringify(body.requestId)} was used for a different step`,
            "body.requestId",
          );
        reply.header("idempotent-replay", "true");
        return reply.code(seen.status).send(seen.body);
      }
    }
    const env = entry.env;
    if (env.done)
      throw new HttpError(409, "episode_over", "the episode is over; GET it for the trace and rewards", "id");
    if (body.agent !== env.agentSelection)
      throw new HttpError(
        409,
        "not_your_turn",
        `body.agent: it is agent ${env.agentSelection}'s turn, got ${body.agent}`,
        "body.agent",
      );
    if (stateless) await stateless.claim(entry, body, "body.state");
    const phase = env.phase;
    env.step(body.text);
    const parse = stepParse(env, phase, body.text);
    if (env.done) {
      [entry.rewards] = await scoring.score([{ task: env.task, trace: env.trace(), config: entry.config }]);
      store.finish(entry.id);
    }
    const response = {
      episodeId: entry.id,
      agent: body.agent,
      parse,
      done: env.done,
      agentSelection: env.agentSelection,
      observation: observationView(env),
      ...(env.done
        ? { teamDecision: env.trace().teamDecision, correct: env.task.correct, rewards: entry.rewards }
        : {}),
      ...(stateless ? { state: stateless.seal(entry) } : {}),
    };
    if (body.requestId !== undefined) {
      entry.responses.set(body.requestId, { fingerprint, status: 200, body: response });
      if (entry.responses.size > REMEMBERED_REQUESTS)
        entry.responses.delete(entry.responses.keys().next().value as string);
    }
    return response;
  });

  app.get<{ Params: { id: string } }>("/v1/episodes/:id", async (request) => {
    const entry = stateless
      ? stateless.open(request.params.id, request.headers["cosir-state"], "headers.cosir-state")
      : episodeOf(request.params.id);
    if (stateless && entry.env.done)
      [entry.rewards] = await scoring.score([{ task: entry.env.task, trace: entry.env.trace(), config: entry.config }]);
    const env = entry.env;
    return {
      episodeId: entry.id,
      taskId: env.task.id,
      done: env.done,
      agentSelection: env.agentSelection,
      phase: env.phase,
      trace: env.trace(),
      ...(entry.rewards ? { rewards: entry.rewards } : {}),
    };
  });

  // Read and check everything first (labels, protocol, budget), then score on the worker threads.
  app.post("/get_reward", async (request) => {
    const planned = await planRewardRequestAsync(parseBody(GetRewardRequestSchema, request.body), opts.scoreBudget);
    const options = { untrusted: true, budget: Number.POSITIVE_INFINITY };
    const scored = await scoring.score(
      planned.map(({ label, trace }) => ({ task: label.task, trace, config: defaultConfig, options })),
    );
    return rewardResponseOf(planned, scored);
  });

  app.addHook("onClose", async () => {
    clearInterval(sweeper);
    await scoring.close();
  });
  const sweeper = setInterval(() => store.sweep(), Math.min(opts.ttlSeconds * 1000, 30_000));
  sweeper.unref();

  return { app, store, options: opts, scoring };
}

/** Node's HTTP parser refused the request before fastify saw it: answer in the service's JSON error shape. */
function clientErrorReply(error: Error & { code?: string }, socket: import("node:net").Socket): void {
  if (!socket.writable) return;
  const [status, reason, code, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "headers_too_large", "headers: larger than the server accepts"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "request_timeout", "request: not received in time"]
        : [400, "Bad Request", "bad_request", `request: malformed HTTP (${error.code ?? "parse error"})`];
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
