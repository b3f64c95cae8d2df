import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { InvalidConfigError } from "@cosir/bayes";
import type { LedgerMessage } from "../state/cluster-ledger";
import { ReplayGuard } from "../state/replay-guard";
import {
  resolveEnvServerOptions,
  type EnvServerOptions,
  type ResolvedEnvServerOptions,
} from "../options/env-server-options";

export interface EnvClusterOptions {
  /** Worker processes sharing the port (node:cluster); default the machine's available parallelism. */
  workers: number;
  /** The worker entry (default: env-cluster-worker.js next to the built package). */
  workerScript?: string;
}

export interface RunningEnvCluster {
  /** The spent-state ledger the workers share (its `refused` counts replays). */
  ledger: ReplayGuard;
  url: string;
  port: number;
  workers: number;
  /** The resolved options every worker runs with (`stateSecret` set: stateless mode). */
  options: ResolvedEnvServerOptions;
  /** True when the secret was generated for this launch (no `stateSecret` given). */
  generatedSecret: boolean;
  /**
   * Asks every worker to drain (stop accepting, `drainSeconds` for in-flight requests, then cancel them) and
   * exit; resolves once all have (a worker still alive `drainSeconds` + 5 s later is killed).
   */
  close(): Promise<void>;
}

/** Messages between the primary and a worker. */
export type ClusterMessage =
  | { type: "ready" }
  | { type: "start"; options: EnvServerOptions }
  | { type: "listening"; port: number }
  | { type: "close" }
  | { type: "failed"; message: string };

/**
 * Starts `workers` processes of the episode service on one port (node:cluster: the primary accepts and hands
 * connections round-robin to the workers). Workers share nothing but the state secret, so the service runs in
 * stateless mode: a secret is generated for this launch unless `stateSecret` is given (give the same one to
 * every machine behind a load balancer). Options reach the workers over IPC, never through the environment.
 */
export async function startEnvCluster(
  options: EnvServerOptions,
  clusterOptions: EnvClusterOptions,
): Promise<RunningEnvCluster> {
  const workers = clusterOptions.workers;
  if (!Number.isInteger(workers) || workers < 1 || workers > 256)
    throw new InvalidConfigError("workers", workers, "expected an integer in 1..256");
  const generatedSecret = options.stateSecret === undefined;
  const opts = resolveEnvServerOptions({
    ...options,
    ...(generatedSecret ? { stateSecret: randomBytes(32).toString("base64url") } : {}),
  });
  const exec = clusterOptions.workerScript ?? fileURLToPath(new URL("./env-cluster-worker.js", import.meta.url));
  if (!existsSync(exec))
    throw new InvalidConfigError("workerScript", exec, "expected the built worker entry (run the package build)");
  cluster.setupPrimary({ exec, args: [], silent: false });
  const running = new Set<Worker>();
  // One spent-state ledger for every worker: a state spent on one worker is a replay on all of them.
  const ledger = new ReplayGuard(opts.replayLedgerSize);
  let closing = false;
  let port = opts.port;

  const spawn = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      running.add(worker);
      let listening = false;
      const onMessage = (message: ClusterMessage | LedgerMessage) => {
        if (message.type === "claim")
          worker.send({
            type: "claimed",
            n: message.n,
            ok: ledger.claim(message.episode, message.step, message.fingerprint, message.until),
          } satisfies LedgerMessage);
        else if (message.type === "ready") worker.send({ type: "start", options: opts } satisfies ClusterMessage);
        else if (message.type === "listening") {
          listening = true;
          port = message.port;
          resolve(worker);
        } else if (message.type === "failed") reject(new InvalidConfigError("workers", workers, message.message));
      };
      worker.on("message", onMessage);
      worker.once("exit", (code, signal) => {
        running.delete(worker);
        reject(new InvalidConfigError("workers", workers, `a worker exited before listening (${signal ?? code})`));
        // A worker that dies while serving is replaced, so the service keeps its width.
        if (listening && !closing) void spawn().catch(() => undefined);
      });
    });

  // The first worker fixes the port; the others ask for the same one (port 0 included: node:cluster hands every
  // worker that listens on 0 the same port).
  await spawn();
  await Promise.all(Array.from({ length: workers - 1 }, () => spawn()));
  const host = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}`,
    port,
    workers,
    options: opts,
    generatedSecret,
    ledger,
    close: async () => {
      closing = true;
      await Promise.all(
        [...running].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              // A worker drains for drainSeconds and then cuts its connections; one that still has not
              // exited a few seconds later is killed, so close() (and SIGTERM in the CLI) always ends.
              const kill = setTimeout(() => worker.process.kill("SIGKILL"), (opts.drainSeconds + 5) * 1000);
              kill.unref();
              worker.once("exit", () => {
                clearTimeout(kill);
                resolve();
              });
              worker.send({ type: "close" } satisfies ClusterMessage);
            }),
        ),
      );
    },
  };
}
