import { generateTask, runEpisode, type Surface, type Task, type Trace } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";

/** An oracle-team episode played in-process, and its steps in protocol order as [agent, text]. */
export async function oracleEpisode(
  family: string,
  seed: number,
  surface: Surface = "natural",
  size: { agents?: number; rounds?: number } = {},
): Promise<{ task: Task; trace: Trace; steps: [number, string][] }> {
  const task = generateTask({ family, seed, ...size });
  const trace = await runEpisode(task, scriptedPolicy("oracle", { seed }), { surface, seed: task.seed });
  const steps: [number, string][] = [
    ...trace.preChoices.map((c): [number, string] => [c.agent, c.text]),
    ...trace.messages.map((m): [number, string] => [m.speaker, m.text]),
    ...trace.choices.map((c): [number, string] => [c.agent, c.text]),
  ];
  return { task, trace, steps };
}
