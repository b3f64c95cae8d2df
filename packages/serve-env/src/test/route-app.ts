import { rewardConfig } from "@cosir/rewards";
import type { FastifyInstance } from "fastify";
import { type EnvServerOptions, resolveEnvServerOptions } from "../options/env-server-options";
import type { EnvRouteContext } from "../routes/env-route-context";
import { ScoringPool } from "../scoring/scoring-pool";
import { StatelessEpisodes } from "../state/stateless-episodes";
import { EpisodeStore } from "../store/episode-store";
import { createHttpApp } from "../server/create-http-app";
import { ScoringAdmission } from "../server/scoring-admission";
import { errorBody } from "../server/error-reply";
import { useEnvErrorReplies } from "../server/use-env-error-replies";
import { useJsonBodyParser } from "../server/use-json-body-parser";

/**
 * A fastify app with the service's parser and error replies and only the routes `register` adds, over a fresh
 * store (scoring on the event loop): one route module tested on its own with `inject`.
 */
export function routeApp(
  register: (app: FastifyInstance, context: EnvRouteContext) => void,
  options: EnvServerOptions = {},
): { app: FastifyInstance; context: EnvRouteContext } {
  const opts = resolveEnvServerOptions({ scoringThreads: 0, ...options });
  const app = createHttpApp({ bodyLimit: opts.maxBodyBytes, errorBody });
  useJsonBodyParser(app);
  useEnvErrorReplies(app, opts.maxBodyBytes);
  const defaultConfig = rewardConfig(opts.preset);
  const stateless =
    opts.stateSecret !== undefined ? new StatelessEpisodes({ ...opts, stateSecret: opts.stateSecret }) : undefined;
  stateless?.setDefault(defaultConfig);
  const context: EnvRouteContext = {
    opts,
    store: new EpisodeStore({ maxEpisodes: opts.maxEpisodes, ttlMs: opts.ttlSeconds * 1000 }),
    stateless,
    scoring: new ScoringPool(0),
    admission: ScoringAdmission.forServer(opts, 0),
    inflight: new Set(),
    defaultConfig,
  };
  register(app, context);
  app.addHook("onClose", () => context.scoring.close());
  return { app, context };
}
