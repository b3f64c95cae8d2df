import { InvalidArgumentError } from "@cosir/bayes";

export interface AdvantageOptions {
  /** Discount within an agent's own turns (docs/design.md §5); default 1. */
  gamma?: number;
  /** Dr.GRPO: subtract the group mean, do not divide by the standard deviation. */
  meanOnly?: boolean;
  /** A group whose trajectory returns spread less than this carries no signal: all its advantages are 0. */
  minStd?: number;
  /**
   * Floor on the normaliser: advantages divide by max(std, stdFloor), so a group whose returns nearly tie (a spread
   * of 0.01 nats) gets small advantages rather than unit ones. Default 0 (the group's std as it is).
   */
  stdFloor?: number;
  /**
   * "trajectory" (default): one baseline per group, from each trajectory's whole return G_0. "turn": one baseline
   * per (group, turn index), from the G_k of that turn (AT-GRPO's grouping). With per-message rewards the
   * trajectory baseline is large (it holds every message's reward) while a late turn's G_k is small, so late turns
   * get negative advantages whatever they did; the turn baseline compares a turn only with the same turn of the
   * other episodes. Unbiased when every trajectory of a group has the same number of turns, as the protocol's
   * fixed rounds guarantee.
   */
  baseline?: "trajectory" | "turn";
}

export interface Trajectory {
  /** Group key: trajectories of the same task and the same agent seat. */
  group: string;
  /** Per-turn rewards of one agent in one episode, in the order of its own turns. */
  rewards: readonly number[];
}

/** Reward-to-go within one trajectory: G_k = sum_{k' >= k} gamma^(k' - k) r_k'. */
export function rewardToGo(rewards: readonly number[], gamma = 1): number[] {
  const out = new Array<number>(rewards.length);
  let acc = 0;
  for (let k = rewards.length - 1; k >= 0; k--) {
    acc = (rewards[k] as number) + gamma * acc;
    out[k] = acc;
  }
  return out;
}

/**
 * Per-turn advantages (docs/design.md §5). Returns G_k are reward-to-go within the agent's own turns.
 * Group statistics are computed once per trajectory, from each trajectory's whole return G_0, so
 * every trajectory weighs the same however many turns or tokens it has (not per turn index: that
 * baseline is biased when the policy controls length):
 *   A_k = (G_k - mean_group G_0) / std_group G_0        (mean-only: A_k = G_k - mean_group G_0)
 * std is the population standard deviation, floored at `stdFloor`. A group whose returns all agree (std < minStd) gets
 * zero advantages: it says nothing about which actions were better. `baseline: "turn"` groups by turn index
 * instead (see AdvantageOptions).
 */
export function computeAdvantages(trajectories: readonly Trajectory[], options: AdvantageOptions = {}): number[][] {
  const gamma = options.gamma ?? 1;
  const minStd = options.minStd ?? 1e-6;
  const stdFloor = options.stdFloor ?? 0;
  if (!(gamma >= 0 && gamma <= 1)) throw new InvalidArgumentError("gamma", gamma, "expected a number in [0, 1]");
  if (!(stdFloor >= 0)) throw new InvalidArgumentError("stdFloor", stdFloor, "expected a number >= 0");
  const togo = trajectories.map((t) => rewardToGo(t.rewards, gamma));
  const groups = new Map<string, number[]>();
  trajectories.forEach((t, i) => {
    const members = groups.get(t.group);
    if (members) members.push(i);
    else groups.set(t.group, [i]);
  });
  const out: number[][] = togo.map((g) => g.map(() => 0));
  if (options.baseline === "turn") {
    for (const members of groups.values()) {
      const turns = Math.max(0, ...members.map((i) => (togo[i] as number[]).length));
      for (let k = 0; k < turns; k++) {
        const at = members.filter((i) => (togo[i] as number[]).length > k);
        const returns = at.map((i) => (togo[i] as number[])[k] as number);
        const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
        const std = Math.sqrt(returns.reduce((a, r) => a + (r - mean) * (r - mean), 0) / returns.length);
        if (!(std >= minStd)) continue;
        for (const i of at) {
          const g = (togo[i] as number[])[k] as number;
          (out[i] as number[])[k] = options.meanOnly ? g - mean : (g - mean) / Math.max(std, stdFloor);
        }
      }
    }
    return out;
  }
  for (const members of groups.values()) {
    const returns = members.map((i) => (togo[i] as number[])[0] ?? 0);
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const variance = returns.reduce((a, r) => a + (r - mean) * (r - mean), 0) / returns.length;
    const std = Math.sqrt(variance);
    if (!(std >= minStd)) continue;
    for (const i of members) {
      out[i] = (togo[i] as number[]).map((g) => (options.meanOnly ? g - mean : (g - mean) / Math.max(std, stdFloor)));
    }
  }
  return out;
}
