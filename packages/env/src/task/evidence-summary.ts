import { mapAnswer } from "@cosir/bayes";
import { decisionModelForTask } from "./decision-model-for-task";
import { ownBeliefs } from "./own-beliefs";
import { pooledBeliefs } from "./pooled-beliefs";
import type { Task } from "./task";

export interface EvidenceSummary {
  /** Per agent, its posterior on its own cells alone (docs/design.md §1). */
  private: Float64Array[];
  /** Per agent, MAP of its own cells alone. */
  privateMap: number[];
  /** Posterior on the pooled evidence (every cell someone sees). */
  pooled: Float64Array;
  pooledMap: number;
}

/** What each agent alone and the whole team know about the answer, from the evaluator: the families' promises are checked on this. */
export function evidenceSummary(task: Task): EvidenceSummary {
  const model = decisionModelForTask(task);
  const priv = Array.from({ length: task.agents }, (_, i) => model.posterior(ownBeliefs(task, i)).pmf.slice());
  const pooled = model.posterior(pooledBeliefs(task)).pmf.slice();
  return { private: priv, privateMap: priv.map((p) => mapAnswer(p)), pooled, pooledMap: mapAnswer(pooled) };
}
