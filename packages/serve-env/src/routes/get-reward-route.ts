import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GetRewardRequestSchema } from "../protocol/get-reward-request";
import { rewardResponseOf } from "../reward/get-reward-response";
import { plannedQueryCost, planRewardRequestAsync } from "../reward/reward-plan";
import { discardUnreadBody } from "../server/discard-unread-body";
import { errorBody } from "../server/error-reply";
import { type AdmissionTicket, isRefusal } from "../server/scoring-admission";
import { trackRequestWork } from "../server/track-request-work";
import type { EnvRouteContext } from "./env-route-context";
import { parseBody } from "./parse-body";

/** How long and how much of a refused request's body is read and dropped before the connection is cut. */
const DISCARD_MS = 30_000;

/**
 * `POST /get_reward` (OpenRLHF's protocol). Admission first, before the body is read: past the server-wide
 * bound on scoring work in flight (ScoringAdmission), 503 `overloaded` (or `closing` while draining) with
 * `Retry-After`. Then read and check everything (labels, protocol, budget), then score on the worker threads
 * with the service's default preset. A client that disconnects cancels the checks and the scoring.
 */
export function getRewardRoute(app: FastifyInstance, context: EnvRouteContext): void {
  const { opts, scoring, defaultConfig, admission, inflight } = context;
  const tickets = new WeakMap<FastifyRequest, AdmissionTicket>();
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = admission.admit(opts.scoreBudget);
    if (isRefusal(result)) {
      discardUnreadBody(request.raw, Math.max(64 * 1024 * 1024, 4 * opts.maxBodyBytes), DISCARD_MS);
      const message =
        result.reason === "closing"
          ? "the server is closing; retry on another replica or later"
          : `scoring work in flight is at its bound (${admission.maxRequests} requests, ${admission.maxCost} cost units); retry after ${result.retryAfter} s`;
      reply.header("retry-after", String(result.retryAfter));
      return reply.code(503).send(errorBody(result.reason === "closing" ? "closing" : "overloaded", message));
    }
    tickets.set(request, result);
    reply.raw.once("close", () => result.release());
  };
  app.post("/get_reward", { onRequest: admit }, async (request, reply) => {
    const signal = trackRequestWork(request, reply, inflight);
    const planned = await planRewardRequestAsync(
      parseBody(GetRewardRequestSchema, request.body),
      opts.scoreBudget,
      5,
      signal,
    );
    // From now on the request holds what its scoring costs, not the whole budget.
    tickets.get(request)?.resize(planned.reduce((sum, q) => sum + plannedQueryCost(q.label.task, q.trace), 0));
    const options = { untrusted: true, budget: Number.POSITIVE_INFINITY };
    const scored = await scoring.score(
      planned.map(({ label, trace }) => ({ task: label.task, trace, config: defaultConfig, options })),
      signal,
    );
    return rewardResponseOf(planned, scored);
  });
}
