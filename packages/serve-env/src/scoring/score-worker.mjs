// The scoring worker of ScoringPool (a node:worker_threads worker): scores each job of a batch with
// @cosir/rewards' scoreEpisode, off the server's event loop. The main thread has already checked every
// trace against the protocol and the compute budget. Plain JavaScript so the same file runs from src/
// (tests) and, copied by tsup, from dist/.
import { parentPort } from "node:worker_threads";
import { scoreEpisode } from "@cosir/rewards";

parentPort.on("message", ({ id, jobs }) => {
  try {
    const results = jobs.map((job) => scoreEpisode(job.task, job.trace, job.config, job.options));
    parentPort.postMessage({ id, results });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: {
        name: error?.name ?? "Error",
        code: typeof error?.code === "string" ? error.code : "internal",
        message: String(error?.message ?? error),
        ...(typeof error?.field === "string" ? { field: error.field } : {}),
      },
    });
  }
});
