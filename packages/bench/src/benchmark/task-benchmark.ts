import { InvalidArgumentError } from "@cosir/bayes";
import {
  TaskSchema,
  generateTask,
  hashSeed,
  runEpisodes,
  type Task,
  type TaskGeneratorOptions,
  type Trace,
} from "@cosir/env";
import { behaviourMetrics } from "@cosir/rewards";
import { BENCHMARK_API_VERSION, type Benchmark, type PlayOptions, type Team } from "./benchmark";

export interface TaskBenchmarkSpec {
  name: string;
  version: string;
  description: string;
  tags?: readonly string[];
  /** A family registered in @cosir/env's taskFamilies, or a generator. */
  family: string | ((options: TaskGeneratorOptions) => Task);
  /** Size options passed to the generator with each instance's seed. */
  generatorOptions?: Omit<TaskGeneratorOptions, "seed">;
}

/**
 * A benchmark over CoSIR tasks: instance k of (seed, n) is the family's task for the seed
 * hashSeed(name, seed, k); play runs the protocol (runEpisodes); the score is 1 when the team decision
 * is correct, with the behaviour metrics of the episode.
 */
export function taskBenchmark(spec: TaskBenchmarkSpec): Benchmark<Task, Trace> {
  if (typeof spec?.name !== "string" || spec.name === "")
    throw new InvalidArgumentError("name", spec?.name, "expected a non-empty string");
  const generate = (seed: number): Task =>
    typeof spec.family === "function"
      ? spec.family({ ...spec.generatorOptions, seed })
      : generateTask({ ...spec.generatorOptions, family: spec.family, seed });
  const playMany = async (instances: readonly Task[], team: Team, options: PlayOptions = {}): Promise<Trace[]> =>
    instances.length === 0
      ? []
      : runEpisodes(instances, team, {
          ...(options.surface !== undefined ? { surface: options.surface } : {}),
          ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
        });
  return {
    apiVersion: BENCHMARK_API_VERSION,
    name: spec.name,
    version: spec.version,
    description: spec.description,
    tags: spec.tags ?? [],
    instanceSchema: TaskSchema,
    instances(seed: number, n: number): Task[] {
      if (!Number.isInteger(seed)) throw new InvalidArgumentError("seed", seed, "expected an integer");
      if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("n", n, "expected a non-negative integer");
      return Array.from({ length: n }, (_, k) => generate(hashSeed(spec.name, seed, k)));
    },
    async play(instance: Task, team: Team, options?: PlayOptions): Promise<Trace> {
      return (await playMany([instance], team, options))[0] as Trace;
    },
    playMany,
    score(instance: Task, trace: Trace) {
      const metrics = behaviourMetrics(instance, trace);
      return { score: metrics.teamCorrect ? 1 : 0, correct: metrics.teamCorrect, metrics };
    },
  };
}
