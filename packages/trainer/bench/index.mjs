// Benchmarks of the composed pipeline: recorded episodes scored per second, oracle episodes played per second, and
// RL iterations of the demo configuration per second beside the step before prefix trees (rl-iteration.mjs).
import { generateTask, runEpisode } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { cosirPreset, scoreEpisode } from "@cosir/rewards";
import { rlIterationFigures } from "./rl-iteration.mjs";

function rate(fn, minMs) {
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < minMs) {
    n += fn();
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return (n * 1000) / elapsed;
}

export default async function bench({ report, quick }) {
  const ms = quick ? 200 : 3000;
  const oracle = scriptedPolicy("oracle", { seed: 1 });
  // Recorded 3-agent, 3-round oracle episodes on 3x4 tables.
  const episodes = [];
  for (let seed = 0; seed < 64; seed++) {
    const task = generateTask({ family: "random", seed, agents: 3, rounds: 3 });
    episodes.push({ task, trace: await runEpisode(task, oracle, { seed }) });
  }
  let i = 0;
  const scored = rate(() => {
    for (let k = 0; k < 16; k++) {
      const { task, trace } = episodes[i++ % episodes.length];
      scoreEpisode(task, trace, cosirPreset);
    }
    return 16;
  }, ms);
  const messages = episodes.reduce((s, e) => s + e.trace.messages.length, 0) / episodes.length;
  report({
    name: "rewards.score.episodes",
    value: scored,
    unit: "episodes/s",
    note: `3 agents, 3 rounds, ${messages.toFixed(1)} messages/episode`,
  });

  let seed = 0;
  const tasks = Array.from({ length: 64 }, (_, s) => generateTask({ family: "random", seed: s, agents: 3, rounds: 3 }));
  const start = process.hrtime.bigint();
  let played = 0;
  let elapsed = 0;
  while (elapsed < ms) {
    await runEpisode(tasks[seed++ % tasks.length], oracle, { seed });
    played++;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  }
  report({
    name: "env.play.oracle",
    value: (played * 1000) / elapsed,
    unit: "episodes/s",
    note: "oracle team, 3 agents, 3 rounds, 3x4 table",
  });

  await rlIterationFigures({ report, quick });
}
