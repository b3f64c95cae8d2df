import type { FastifyInstance } from "fastify";
import { observationView } from "../observation/observation-view";
import { stepParse } from "../observation/step-parse";
import { type StepRequest, StepRequestSchema } from "../protocol/step-request";
import { HttpError } from "../server/http-error";
import { type EpisodeEntry, REMEMBERED_REQUESTS } from "../store/episode-store";
import type { EnvRouteContext } from "./env-route-context";
import { parseBody } from "./parse-body";
import { storedEpisode } from "./stored-episode";

/** What identifies a step's body for `requestId` retries: the agent and the text. */
function fingerprintOf(body: StepRequest): string {
  return `${body.agent}\u0000${body.text}`;
}

/** The answer already given to this `requestId`, if any; 409 when the id was used for a different step. */
export function rememberedStep(entry: EpisodeEntry, body: StepRequest): { status: number; body: unknown } | undefined {
  if (body.requestId === undefined) return undefined;
  const seen = entry.responses.get(body.requestId);
  if (seen === undefined) return undefined;
  if (seen.fingerprint !== fingerprintOf(body))
    throw new HttpError(
      409,
      "request_id_reused",
      `body.requestId: ${JSON.stringify(body.requestId)} was used for a different step`,
      "body.requestId",
    );
  return seen;
}

/** 409 when the episode is over or it is another agent's turn. */
export function checkTurn(entry: EpisodeEntry, agent: number): void {
  const env = entry.env;
  if (env.done) throw new HttpError(409, "episode_over", "the episode is over; GET it for the trace and rewards", "id");
  if (agent !== env.agentSelection)
    throw new HttpError(
      409,
      "not_your_turn",
      `body.agent: it is agent ${env.agentSelection}'s turn, got ${agent}`,
      "body.agent",
    );
}

/** Keeps the answer under its `requestId` (the last REMEMBERED_REQUESTS of them), so a retry gets it again. */
function remember(entry: EpisodeEntry, body: StepRequest, response: unknown): void {
  if (body.requestId === undefined) return;
  entry.responses.set(body.requestId, { fingerprint: fingerprintOf(body), status: 200, body: response });
  if (entry.responses.size > REMEMBERED_REQUESTS) entry.responses.delete(entry.responses.keys().next().value as string);
}

/** Takes the step and scores the episode once it is done. */
async function takeStep(context: EnvRouteContext, entry: EpisodeEntry, body: StepRequest) {
  const { stateless, scoring, store } = context;
  if (stateless) await stateless.claim(entry, body, "body.state");
  const env = entry.env;
  const phase = env.phase;
  env.step(body.text);
  const parse = stepParse(env, phase, body.text);
  if (env.done) {
    [entry.rewards] = await scoring.score([{ task: env.task, trace: env.trace(), config: entry.config }]);
    store.finish(entry.id);
  }
  return {
    episodeId: entry.id,
    agent: body.agent,
    parse,
    done: env.done,
    agentSelection: env.agentSelection,
    observation: observationView(env),
    ...(env.done ? { teamDecision: env.trace().teamDecision, correct: env.task.correct, rewards: entry.rewards } : {}),
    ...(stateless ? { state: stateless.seal(entry) } : {}),
  };
}

/**
 * `POST /v1/episodes/:id/step`: one agent's message or choice. A retry with the same `requestId` gets the
 * same answer (`idempotent-replay: true`) without a second step.
 */
export function stepRoute(app: FastifyInstance, context: EnvRouteContext): void {
  const { store, stateless } = context;
  // Stateless, a step's body carries the state token, which grows with the episode: room for the longest.
  const bodyLimit = context.opts.maxBodyBytes + (stateless?.codec.maxTokenLength ?? 0);
  app.post<{ Params: { id: string } }>("/v1/episodes/:id/step", { bodyLimit }, async (request, reply) => {
    const stored = stateless ? undefined : storedEpisode(store, request.params.id);
    const body = parseBody(StepRequestSchema, request.body);
    const entry =
      stored ?? (await (stateless as NonNullable<typeof stateless>).open(request.params.id, body.state, "body.state"));
    const seen = rememberedStep(entry, body);
    if (seen !== undefined) {
      reply.header("idempotent-replay", "true");
      return reply.code(seen.status).send(seen.body);
    }
    checkTurn(entry, body.agent);
    const response = await takeStep(context, entry, body);
    remember(entry, body, response);
    return response;
  });
}
