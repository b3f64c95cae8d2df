import { rewardConfig } from "@cosir/rewards";
import type { FastifyInstance } from "fastify";
import {
  type EnvServerOptions,
  type ResolvedEnvServerOptions,
  resolveEnvServerOptions,
} from "../options/env-server-options";
import { createEpisodeRoute } from "../routes/create-episode-route";
import type { EnvRouteContext } from "../routes/env-route-context";
import { getEpisodeRoute } from "../routes/get-episode-route";
import { getRewardRoute } from "../routes/get-reward-route";
import { healthzRoute } from "../routes/healthz-route";
import { stepRoute } from "../routes/step-route";
import { ScoringPool } from "../scoring/scoring-pool";
import type { SpentLedger } from "../state/replay-guard";
import { StatelessEpisodes } from "../state/stateless-episodes";
import { EpisodeStore } from "../store/episode-store";
import { createHttpApp } from "./create-http-app";
import { ScoringAdmission } from "./scoring-admission";
import { errorBody } from "./error-reply";
import { useBearerToken } from "./use-bearer-token";
import { useEnvErrorReplies } from "./use-env-error-replies";
import { useJsonBodyParser } from "./use-json-body-parser";

export interface EnvServer {
  /** The fastify instance (not yet listening); `inject` works for in-process tests. */
  app: FastifyInstance;
  store: EpisodeStore;
  options: ResolvedEnvServerOptions;
  /** The threads that score traces (closed with the app). */
  scoring: ScoringPool;
  /** The server-wide bound on scoring work in flight. */
  admission: ScoringAdmission;
  /**
   * Drains and closes: stops accepting (new scoring requests get 503 `closing`), gives the requests in flight
   * `drainSeconds` to finish, then cancels their work, cuts the connections and stops the scoring threads.
   */
  close(): Promise<void>;
}

export interface EnvServerHooks {
  /** Clock for TTLs (tests); default Date.now. */
  now?: () => number;
  /** Stateless mode: where spent states are recorded (startEnvCluster's workers share the primary's). */
  spentLedger?: SpentLedger;
}

/** The route context: the store, the stateless codec when `stateSecret` is set, the scoring threads. */
function routeContext(opts: ResolvedEnvServerOptions, hooks: EnvServerHooks): EnvRouteContext {
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
          replayLedgerSize: opts.replayLedgerSize,
        })
      : undefined;
  stateless?.setDefault(defaultConfig);
  const scoring = new ScoringPool(opts.scoringThreads);
  const admission = ScoringAdmission.forServer(opts, scoring.threads);
  return { opts, store, stateless, scoring, admission, inflight: new Set(), defaultConfig };
}

/** createEnvServer's close: a bounded drain (see EnvServer.close). */
function drainAndClose(app: FastifyInstance, context: EnvRouteContext): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    if (closing !== undefined) return closing;
    context.admission.close();
    const closed = app.close();
    const cut = setTimeout(() => {
      // The drain is over: cancel what is still running (each such request is answered 503 if its client is
      // still there) and cut every connection, so close() always ends.
      for (const controller of context.inflight) controller.abort();
      void context.scoring.close();
      setTimeout(() => app.server.closeAllConnections(), 200).unref();
    }, context.opts.drainSeconds * 1000);
    cut.unref();
    closing = closed.finally(() => clearTimeout(cut));
    return closing;
  };
}

/**
 * The CoSIR episode and reward service (routes in the package README, one module each under src/routes):
 * episodes driven step by step, and OpenRLHF's `/get_reward` protocol. Bodies are size-limited and validated;
 * every failure is a JSON `{error: {code, message, field?}}` with a 4xx status, never a crash.
 */
export function createEnvServer(options: EnvServerOptions = {}, hooks: EnvServerHooks = {}): EnvServer {
  const opts = resolveEnvServerOptions(options);
  const app = createHttpApp({ logger: opts.logger, bodyLimit: opts.maxBodyBytes, errorBody });
  const context = routeContext(opts, hooks);
  const { store, scoring, admission } = context;
  useJsonBodyParser(app);
  useBearerToken(app, opts.token);
  useEnvErrorReplies(app, opts.maxBodyBytes);
  healthzRoute(app, context);
  createEpisodeRoute(app, context);
  stepRoute(app, context);
  getEpisodeRoute(app, context);
  getRewardRoute(app, context);

  app.addHook("onClose", async () => {
    clearInterval(sweeper);
    await scoring.close();
  });
  const sweeper = setInterval(() => store.sweep(), Math.min(opts.ttlSeconds * 1000, 30_000));
  sweeper.unref();

  return { app, store, options: opts, scoring, admission, close: drainAndClose(app, context) };
}
