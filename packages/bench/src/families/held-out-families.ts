import type { TaskGenerator, TaskGeneratorOptions } from "../generators/task-generator-options";
import type { Task } from "../task/task";
import { arithmeticTask } from "./arithmetic-task";
import { asymmetricExpertiseTask } from "./asymmetric-expertise-task";
import { bigTeamTask } from "./big-team-task";
import { heldOutHiddenProfileTask } from "./held-out-hidden-profile-task";
import { meetingSchedulingTask } from "./meeting-scheduling-task";
import { weightedDecisionTask } from "./weighted-decision-task";
import { whodunitTask } from "./whodunit-task";

/**
 * The seven held-out families (benchmarks only; RL trains on `random`), by registry name, in the order
 * reports list them. Each generator is seeded and byte-reproducible and verifies its promise.
 */
export const heldOutFamilies: Readonly<Record<string, TaskGenerator>> = {
  "heldout.hiddenProfile": (o: TaskGeneratorOptions): Task => heldOutHiddenProfileTask(o),
  "heldout.weightedDecision": (o: TaskGeneratorOptions): Task => weightedDecisionTask(o),
  "heldout.meetingScheduling": (o: TaskGeneratorOptions): Task => meetingSchedulingTask(o),
  "heldout.whodunit": (o: TaskGeneratorOptions): Task => whodunitTask(o),
  "heldout.arithmetic": (o: TaskGeneratorOptions): Task => arithmeticTask(o),
  "heldout.bigTeam": (o: TaskGeneratorOptions): Task => bigTeamTask(o),
  "heldout.asymmetricExpertise": (o: TaskGeneratorOptions): Task => asymmetricExpertiseTask(o),
};
