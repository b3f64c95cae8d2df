import { InvalidArgumentError } from "@cosir/bayes";
import { rewardToGo } from "./advantages";

/** One agent's turns in one episode, each split into acts with the reward each earned (docs/design.md §5.3). */
export interface ActTrajectory {
  /** Group key: trajectories of the same task and the same agent seat. */
  group: string;
  /** Per turn, the reward of each of its acts (a choice is one act); a turn's reward is the sum of its acts'. */
  turns: readonly (readonly number[])[];
}

export interface ActAdvantageOptions {
  /** Discount between an agent's turns; default 1. */
  gamma?: number;
  /** Subtract the baseline only (Dr.GRPO). */
  meanOnly?: boolean;
  /** A (group, turn) whose act returns spread less than this carries no signal: its advantages are 0. */
  minStd?: number;
  /** The normaliser is max(std, stdFloor), so near-ties do not become unit advantages. Default 0. */
  stdFloor?: number;
}

/**
 * Per-act advantages (docs/design.md §5.3): act a of turn k is credited with its own reward plus the discounted
 * return of the agent's later turns, G_{k,a} = r_{k,a} + gamma G_{k+1} (G_{k+1} the turn-level reward-to-go), and
 * compared with every act of turn k in the same (task, seat) group:
 *   A_{k,a} = (G_{k,a} - mean_{k}) / max(std_{k}, stdFloor)        (mean-only: G_{k,a} - mean_{k})
 * mean and population std over the acts of turn k of all the group's trajectories; std_k < minStd gives 0.
 * With one act a turn this is computeAdvantages with `baseline: "turn"` (a test checks it).
 */
export function computeActAdvantages(
  trajectories: readonly ActTrajectory[],
  options: ActAdvantageOptions = {},
): number[][][] {
  const gamma = options.gamma ?? 1;
  const minStd = options.minStd ?? 1e-6;
  const stdFloor = options.stdFloor ?? 0;
  if (!(gamma >= 0 && gamma <= 1)) throw new InvalidArgumentError("gamma", gamma, "expected a number in [0, 1]");
  if (!(stdFloor >= 0)) throw new InvalidArgumentError("stdFloor", stdFloor, "expected a number >= 0");
  // G_{k,a} = r_{k,a} + gamma * G_{k+1}, where G_{k+1} is the reward-to-go of the turn totals.
  const returns = trajectories.map((t) => {
    const togo = rewardToGo(
      t.turns.map((acts) => acts.reduce((s, r) => s + r, 0)),
      gamma,
    );
    return t.turns.map((acts, k) => acts.map((r) => r + gamma * ((togo[k + 1] as number | undefined) ?? 0)));
  });
  const out = returns.map((turns) => turns.map((acts) => acts.map(() => 0)));
  const groups = new Map<string, number[]>();
  trajectories.forEach((t, i) => {
    const members = groups.get(t.group);
    if (members) members.push(i);
    else groups.set(t.group, [i]);
  });
  for (const members of groups.values()) {
    const turns = Math.max(0, ...members.map((i) => (returns[i] as number[][]).length));
    for (let k = 0; k < turns; k++) {
      const pool = members.flatMap((i) => (returns[i] as number[][])[k] ?? []);
      if (pool.length === 0) continue;
      const mean = pool.reduce((a, b) => a + b, 0) / pool.length;
      const std = Math.sqrt(pool.reduce((a, r) => a + (r - mean) * (r - mean), 0) / pool.length);
      if (!(std >= minStd)) continue;
      const scale = Math.max(std, stdFloor);
      for (const i of members) {
        const acts = (returns[i] as number[][])[k];
        if (acts === undefined) continue;
        (out[i] as number[][])[k] = acts.map((g) => (options.meanOnly ? g - mean : (g - mean) / scale));
      }
    }
  }
  return out;
}
