import { InvalidConfigError } from "@cosir/bayes";
import { rewardPresets } from "@cosir/rewards";
import { z } from "zod";
import { MAX_TASK_COST } from "../protocol/check-task-budget";
import { zodFieldError } from "../protocol/zod-field-error";

/** Options of `createEnvServer` / `cosir serve-env`; errors name the option and the value. */
export const EnvServerOptionsSchema = z
  .object({
    /** Interface to bind; loopback unless told otherwise. */
    host: z.string().min(1).default("127.0.0.1"),
    /** TCP port; 0 picks a free one. */
    port: z.number().int().min(0).max(65535).default(8000),
    /** When set, every route but `/healthz` needs `Authorization: Bearer <token>` (or `?token=`). */
    token: z.string().min(1).max(512).optional(),
    /** Live episodes at most (memory bound). */
    maxEpisodes: z.number().int().min(1).max(1_000_000).default(10_000),
    /** An episode unused this long is dropped. */
    ttlSeconds: z
      .number()
      .positive()
      .max(7 * 24 * 3600)
      .default(600),
    /** Larger request bodies get 413. */
    maxBodyBytes: z
      .number()
      .int()
      .min(1024)
      .max(256 * 1024 * 1024)
      .default(4 * 1024 * 1024),
    /** Reward preset for episodes that do not name one, and for `/get_reward`. */
    preset: z
      .string()
      .refine((p) => Object.hasOwn(rewardPresets, p), {
        message: `expected one of ${Object.keys(rewardPresets).join(", ")}`,
      })
      .default("cosir"),
    /**
     * Compute budget of one request in cost units (docs/design.md §7.1): a client task's whole episode, or all
     * the traces of one `/get_reward` body; over it is 413 before any work. Default MAX_TASK_COST (1e9).
     */
    scoreBudget: z.number().positive().default(MAX_TASK_COST),
    /** Threads that score traces off the event loop (0 scores on it); default the cores but one, 1..8. */
    scoringThreads: z.number().int().min(0).max(256).optional(),
    /**
     * Scoring requests (`/get_reward`) in flight at most, server-wide (per process with `--workers`): past it,
     * 503 `overloaded` with `Retry-After`, before the body is read. Default 2 per scoring thread, at least 2.
     */
    maxScoringRequests: z.number().int().min(1).max(100_000).optional(),
    /**
     * Cost units the scoring requests in flight may hold at most (each holds `scoreBudget` until its body is
     * checked, then its actual cost): past it, 503 `overloaded` with `Retry-After`. Default `scoreBudget` x
     * (scoring threads + 1), so an admitted request waits behind at most about that many seconds of scoring.
     */
    maxScoringCost: z.number().positive().optional(),
    /**
     * On close (SIGTERM in `cosir serve-env`): seconds the requests in flight get to finish before their work is
     * cancelled (503 `closing`) and connections are cut. Default 10.
     */
    drainSeconds: z.number().min(0).max(3600).default(10),
    /**
     * Stateless mode: spent states the replay ledger holds at most (each until its token expires, `ttlSeconds`
     * after issue). When full of unexpired states a step is refused with 503 `replay_ledger_full` rather than
     * forgetting one: size it for the TTL times the step rate. Default 1,048,576 (about 170 bytes each: 180 MB when full).
     */
    replayLedgerSize: z.number().int().min(16).max(100_000_000).default(1_048_576),
    /**
     * Stateless mode: episode state travels with each request as a token sealed (AES-256-GCM) with a key derived
     * from this secret, so any replica holding it answers any step (see StatelessEpisodes). Unset: episodes live
     * in memory.
     */
    stateSecret: z.string().min(16).max(4096).optional(),
    /** Fastify request logging (off by default: the trainer's logs matter, not ours). */
    logger: z.boolean().default(false),
  })
  .strict();
export type EnvServerOptions = z.input<typeof EnvServerOptionsSchema>;
export type ResolvedEnvServerOptions = z.output<typeof EnvServerOptionsSchema>;

export function resolveEnvServerOptions(options: EnvServerOptions = {}): ResolvedEnvServerOptions {
  const parsed = EnvServerOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const e = zodFieldError("options", parsed.error, options);
    throw new InvalidConfigError(e.field, e.value, e.expected, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
