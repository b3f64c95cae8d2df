import type { FastifyInstance } from "fastify";
import { GetRewardRequestSchema } from "../protocol/get-reward-request";
import { rewardResponseOf } from "../reward/get-reward-response";
import { planRewardRequestAsync } from "../reward/reward-plan";
import type { EnvRouteContext } from "./env-route-context";
import { parseBody } from "./parse-body";

/**
 * `POST /get_reward` (OpenRLHF's protocol): read and check everything first (labels, protocol, budget), then
 * score on the worker threads with the service's default preset.
 */
export function getRewardRoute(app: FastifyInstance, context: EnvRouteContext): void {
  const { opts, scoring, defaultConfig } = context;
  app.post("/get_reward", async (request) => {
    const planned = await planRewardRequestAsync(parseBody(GetRewardRequestSchema, request.body), opts.scoreBudget);
    const options = { untrusted: true, budget: Number.POSITIVE_INFINITY };
    const scored = await scoring.score(
      planned.map(({ label, trace }) => ({ task: label.task, trace, config: defaultConfig, options })),
    );
    return rewardResponseOf(planned, scored);
  });
}
