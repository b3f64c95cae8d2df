import { MAX_ACTS, taskPosteriorCost, type Task, type Trace } from "@cosir/env";

/**
 * Estimated work of scoring a trace against its task (docs/design.md §7.1), in the cost units of
 * @cosir/bayes: the posteriors the evidence replay computes times the cost of one. Each agent's evidence
 * is evaluated once at the start; a message with a SHARE dirties the N - 1 listeners (one posterior each,
 * computed lazily later); each ASK act costs at most one probe posterior. Beliefs add N x cells x L.
 * Without a trace, the worst case of a whole episode of the task: rounds x N messages, each with a SHARE
 * and as many distinct asks as MAX_ACTS and the table allow (what a server checks before an episode starts).
 */
export function scoreEpisodeCost(task: Task, trace?: Pick<Trace, "messages">): number {
  const N = task.agents;
  const cells = task.options * task.attributes;
  const L = task.levels[1] - task.levels[0] + 1;
  let posteriors = N;
  if (trace === undefined) posteriors += task.rounds * N * (N - 1 + Math.min(MAX_ACTS, cells));
  else
    for (const message of trace.messages) {
      let shares = 0;
      let asks = 0;
      for (const act of message.acts) {
        if (act.kind === "share") shares++;
        else if (act.kind === "ask") asks++;
      }
      posteriors += (shares > 0 ? N - 1 : 0) + Math.min(asks, cells);
    }
  return posteriors * taskPosteriorCost(task) + N * cells * L;
}
