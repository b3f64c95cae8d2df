import { InvalidArgumentError } from "@cosir/bayes";
import { parseMessage, validateTask, validateTrace, type Task, type Trace } from "@cosir/env";
import { rewardConfig, rewardPresets, scoreEpisode } from "@cosir/rewards";
import type { CliCommand } from "../cli-io";
import { parseFlags, rewardsFlag } from "../flags";
import { errorMessage, lineTooLong, readLines, writeLine } from "../jsonl";

export const scoreCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    rewards: { type: "string" },
    preset: { type: "string" },
    unparsed: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(
      `usage: cosir score [--rewards ${Object.keys(rewardPresets).join("|")}] [--unparsed] < episodes.jsonl\nReads {task, trace} per line, writes the reward breakdown per line ({error} for a bad line; exit 1 if any).\n` +
        "--rewards: the reward preset (default cosir); --preset still works as a deprecated alias.\n" +
        "--unparsed: each line also gets `unparsed`, [{turn, speaker, unparsed, missed?}] for every message with text the parser took no act from (what the reward ignored); `missed` lists those sentences that put a number next to an option or attribute name (facts the reward likely missed).\n",
    );
    return 0;
  }
  const config = rewardConfig(rewardsFlag(values, Object.keys(rewardPresets), "cosir", io.stderr));
  let failed = 0;
  for await (const [n, line, bytes] of readLines(io.stdin)) {
    let out: unknown;
    if (line === null) {
      failed++;
      await writeLine(io.stdout, { error: `line ${n}: ${lineTooLong(bytes)}` });
      continue;
    }
    try {
      const value: unknown = JSON.parse(line);
      if (value === null || typeof value !== "object" || Array.isArray(value))
        throw new InvalidArgumentError("(line)", value, "expected an object {task, trace}");
      const record = value as { task?: unknown; trace?: unknown };
      const task = validateTask(record.task);
      const trace = validateTrace(record.trace);
      if (trace.taskId !== task.id)
        throw new InvalidArgumentError("trace.taskId", trace.taskId, `expected task.id ${JSON.stringify(task.id)}`);
      // A trace from a file: checked against the protocol and the compute budget before it is scored.
      const rewards = scoreEpisode(task, trace, config, { untrusted: true });
      out = values.unparsed === true ? { ...rewards, unparsed: unparsedOf(task, trace) } : rewards;
    } catch (error) {
      failed++;
      out = { error: `line ${n}: ${errorMessage(error)}` };
    }
    await writeLine(io.stdout, out);
  }
  return failed > 0 ? 1 : 0;
};

type Ignored = { turn: number; speaker: number; unparsed: string[]; missed?: string[] };

/**
 * Per message with ignored text: what the parser took no act from (the trace keeps only the text and the acts),
 * and `missed`, those of them with a number next to an option or attribute name (facts the reward likely missed).
 */
function unparsedOf(task: Task, trace: Trace): Ignored[] {
  const out: Ignored[] = [];
  for (const m of trace.messages) {
    const { unparsed, missed } = parseMessage(m.text, trace.surface, task);
    if (unparsed !== undefined)
      out.push({ turn: m.turn, speaker: m.speaker, unparsed, ...(missed !== undefined ? { missed } : {}) });
  }
  return out;
}
