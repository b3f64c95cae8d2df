import { rewardPresets } from "@cosir/rewards";
import { availableParallelism } from "node:os";
import { InvalidArgumentError } from "@cosir/bayes";
import { startEnvCluster, startEnvServer } from "@cosir/serve-env";
import type { CliCommand } from "../cli-io";
import { listenError } from "../listen-error";
import { budgetFlag, intFlag, parseFlags, rewardsFlag } from "../flags";

const USAGE = `usage: cosir serve-env [--host 127.0.0.1] [--port 8000] [--token T] [--max-episodes 10000] [--ttl-seconds 600]
                       [--max-body-bytes 4194304] [--rewards ${Object.keys(rewardPresets).join("|")}] [--log]
                       [--workers N] [--state-secret S] [--score-budget 1e9] [--scoring-threads N]
                       [--max-scoring-requests N] [--max-scoring-cost C] [--drain-seconds 10] [--replay-ledger-size N]
Serves CoSIR episodes and rewards over HTTP/JSON until SIGINT or SIGTERM:
  POST /v1/episodes  POST /v1/episodes/:id/step  GET /v1/episodes/:id  POST /get_reward (OpenRLHF)  GET /healthz
The token may also come from COSIR_SERVE_ENV_TOKEN. Binds 127.0.0.1 unless --host says otherwise.
--state-secret (or COSIR_SERVE_ENV_STATE_SECRET, 16+ characters): stateless mode, the episode state travels
with each request as a signed token, so any replica holding the same secret answers any step.
--workers N (default 1; 0 = one per core, ${availableParallelism()} here): N processes share the port; they run stateless,
with a secret generated for this launch unless --state-secret gives one (give the same one to every machine).
--score-budget (cost units, default 1e9, about 5 s of one thread): a created episode whose whole-episode scoring,
or a /get_reward body whose scoring, is estimated over it gets 413 over_budget before any work (design §7.1).
--scoring-threads N (0..256; default the cores but one, at most 8; 0 scores on the event loop): worker threads that
score traces, per process (with --workers N each worker has its own N threads).
--max-scoring-requests N / --max-scoring-cost C: the server-wide bound on /get_reward work in flight (requests,
and cost units; defaults 2 per scoring thread and the budget x (threads + 1)); beyond either, 503 overloaded with
Retry-After before the body is read (serve-env README, "Admission").
--drain-seconds S (default 10): on SIGTERM or SIGINT, stop accepting and let work in flight finish for S seconds.
--replay-ledger-size N (stateless mode, default 1048576): spent states remembered until their tokens expire; when
it is full, new steps get 503 replay_ledger_full rather than forgetting a spent state.
--rewards NAME: the default reward preset of episodes that name none (default cosir); --preset still works as a
deprecated alias.
`;

export const serveEnvCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    host: { type: "string" },
    port: { type: "string" },
    token: { type: "string" },
    "max-episodes": { type: "string" },
    "ttl-seconds": { type: "string" },
    "max-body-bytes": { type: "string" },
    rewards: { type: "string" },
    preset: { type: "string" },
    log: { type: "boolean" },
    workers: { type: "string" },
    "state-secret": { type: "string" },
    "score-budget": { type: "string" },
    "scoring-threads": { type: "string" },
    "max-scoring-requests": { type: "string" },
    "max-scoring-cost": { type: "string" },
    "drain-seconds": { type: "string" },
    "replay-ledger-size": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const token = typeof values.token === "string" ? values.token : process.env.COSIR_SERVE_ENV_TOKEN || undefined;
  const secretFlag = values["state-secret"];
  const stateSecret =
    typeof secretFlag === "string" ? secretFlag : process.env.COSIR_SERVE_ENV_STATE_SECRET || undefined;
  const workersFlag = intFlag(values, "workers", 1, 0, 256);
  const workers = workersFlag === 0 ? availableParallelism() : workersFlag;
  const host = typeof values.host === "string" ? values.host : "127.0.0.1";
  if (host.trim() === "")
    throw new InvalidArgumentError("--host", host, "expected an interface address such as 127.0.0.1");
  const port = intFlag(values, "port", 8000, 0, 65535);
  const scoreBudget = budgetFlag(values, "score-budget");
  const scoringThreads =
    values["scoring-threads"] === undefined ? undefined : intFlag(values, "scoring-threads", 0, 0, 256);
  const maxScoringCost = budgetFlag(values, "max-scoring-cost");
  const serverOptions = {
    host,
    port,
    ...(token !== undefined ? { token } : {}),
    maxEpisodes: intFlag(values, "max-episodes", 10_000, 1, 1_000_000),
    ttlSeconds: intFlag(values, "ttl-seconds", 600, 1, 7 * 24 * 3600),
    maxBodyBytes: intFlag(values, "max-body-bytes", 4 * 1024 * 1024, 1024, 256 * 1024 * 1024),
    preset: rewardsFlag(values, Object.keys(rewardPresets), "cosir", io.stderr),
    logger: values.log === true,
    ...(stateSecret !== undefined ? { stateSecret } : {}),
    // Both reach every worker of a cluster (startEnvCluster hands its resolved options to each one).
    ...(scoreBudget !== undefined ? { scoreBudget } : {}),
    ...(scoringThreads !== undefined ? { scoringThreads } : {}),
    ...(values["max-scoring-requests"] !== undefined
      ? { maxScoringRequests: intFlag(values, "max-scoring-requests", 2, 1, 100_000) }
      : {}),
    ...(maxScoringCost !== undefined ? { maxScoringCost } : {}),
    drainSeconds: intFlag(values, "drain-seconds", 10, 0, 3600),
    replayLedgerSize: intFlag(values, "replay-ledger-size", 1_048_576, 16, 100_000_000),
  };
  let server: Awaited<ReturnType<typeof startEnvServer>> | Awaited<ReturnType<typeof startEnvCluster>>;
  try {
    server = workers > 1 ? await startEnvCluster(serverOptions, { workers }) : await startEnvServer(serverOptions);
  } catch (error) {
    throw listenError(error, host, port);
  }
  const o = server.options;
  const mode =
    workers > 1
      ? `${workers} workers, stateless${"generatedSecret" in server && server.generatedSecret ? " (secret generated for this launch)" : ""}`
      : o.stateSecret !== undefined
        ? "stateless"
        : "in-memory episodes";
  const threads = "scoring" in server ? String(server.scoring.threads) : `${o.scoringThreads ?? "default"} per worker`;
  const admission =
    "admission" in server
      ? `admission ${server.admission.maxRequests} requests, ${server.admission.maxCost} cost units`
      : `admission ${o.maxScoringRequests ?? "default"} requests, ${o.maxScoringCost ?? "default"} cost units per worker`;
  // The handlers go in before the listening line: a client that signals as soon as it reads that line must get
  // the drain, not Node's default exit on SIGTERM.
  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    const stop = (s: NodeJS.Signals) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(s);
    };
    const onInt = () => stop("SIGINT");
    const onTerm = () => stop("SIGTERM");
    process.once("SIGINT", onInt);
    process.once("SIGTERM", onTerm);
  });
  io.stdout.write(
    `cosir serve-env listening on ${server.url} (token ${o.token ? "required" : "off"}, max ${o.maxEpisodes} episodes, ttl ${o.ttlSeconds} s, body limit ${o.maxBodyBytes} bytes, preset ${o.preset}, score budget ${o.scoreBudget}, scoring threads ${threads}, ${mode}, ${admission}, drain ${o.drainSeconds} s)\n`,
  );
  const signal = await signalled;
  await server.close();
  io.stdout.write(`cosir serve-env: ${signal}, closed\n`);
  return 0;
};
