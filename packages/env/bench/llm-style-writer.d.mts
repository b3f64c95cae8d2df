import type { Act, Policy, Task, Trace } from "../src/index";

export function llmStyleWriter(seed: number): Policy & { intended: Map<string, Act[]> };
export function measureGuidance(deps: {
  runEpisodes: (tasks: Task[], policy: Policy, opts: { surface: "natural"; guidance: boolean }) => Promise<Trace[]>;
  generateTask: (options: never) => Task;
  domainNames: readonly string[];
  guidance: boolean;
  episodes: number;
}): Promise<{ precision: number; recall: number; meant: number; episodes: number }>;
