import { describe, expect, it } from "vitest";
import { rlFixture } from "../test/rl-fixture";
import { rlRollout } from "./rl-rollout";

describe("rlRollout", () => {
  it("plays rl.groupSize consecutive episodes of each of rl.tasksPerIteration tasks, reproducibly per iteration", async () => {
    const { config, policy, dispose } = await rlFixture({ tasksPerIteration: 3, groupSize: 2 });
    try {
      const a = await rlRollout(config, policy, 0);
      const again = await rlRollout(config, policy, 0);
      const next = await rlRollout(config, policy, 1);
      expect(a.tasks).toHaveLength(6);
      expect(a.traces).toHaveLength(6);
      for (let e = 0; e < 6; e++) {
        // groups of consecutive episodes share one task; the groups differ
        expect(a.tasks[e]).toBe(a.tasks[e - (e % 2)]);
        expect(a.traces[e]?.taskId).toBe(a.tasks[e]?.id);
      }
      expect(new Set(a.tasks.map((t) => t.id)).size).toBe(3);
      // sampled from the model: the tokens and their log-probs are recorded
      expect(a.traces.some((t) => t.messages.some((m) => (m.tokens?.length ?? 0) > 0))).toBe(true);
      expect(again).toEqual(a);
      expect(next.tasks.map((t) => t.id)).not.toEqual(a.tasks.map((t) => t.id));
    } finally {
      dispose();
    }
  });
});
