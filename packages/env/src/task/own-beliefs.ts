import type { Beliefs } from "@cosir/bayes";
import { agentBeliefs } from "./agent-beliefs";
import type { Task } from "./task";

/** Agent `agent`'s private beliefs: prior plus its own visible cells, no messages. */
export function ownBeliefs(task: Task, agent: number): Beliefs {
  return agentBeliefs(task, agent, []);
}
