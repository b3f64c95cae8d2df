import { InvalidArgumentError } from "@cosir/bayes";
import type { Surface } from "../messages/act";
import type { Observation, Policy } from "../policy/policy";
import type { Task } from "../task/task";
import type { Trace } from "../trace/trace";
import { CollaborationEnv } from "./collaboration-env";

export interface RunEpisodesOptions {
  surface?: Surface;
  /** Seed recorded in each trace: one for all, one per task, or each task's own seed when absent. */
  seed?: number | readonly number[];
  /** Optional step cap per episode (see CollaborationEnvOptions.maxSteps). */
  maxSteps?: number;
  /** Natural surface: the prompt's guidance on how to write acts (see CollaborationEnvOptions.guidance). */
  guidance?: boolean;
}

/** Longest stretch, in ms, the lock-step loop runs before it lets the event loop turn (timers, sockets, I/O). */
const SLICE_MS = 50;

function policyFor(policies: Policy | readonly Policy[], agent: number): Policy {
  if (!Array.isArray(policies)) return policies as Policy;
  const p = (policies as readonly Policy[])[agent];
  if (p === undefined)
    throw new InvalidArgumentError("policies", policies.length, `expected a policy for seat ${agent}`);
  return p;
}

/**
 * Plays many episodes in lock-step. Each step, every distinct policy's `act` is called once with the
 * batch of observations (across episodes and seats) it is responsible for, so a neural policy samples
 * a whole batch at a time. `policies` is one policy for every seat or one per seat.
 */
export async function runEpisodes(
  tasks: readonly Task[],
  policies: Policy | readonly Policy[],
  opts: RunEpisodesOptions = {},
): Promise<Trace[]> {
  if (Array.isArray(policies) && policies.length === 0)
    throw new InvalidArgumentError("policies", policies, "expected at least one policy");
  const seeds = opts.seed;
  if (Array.isArray(seeds) && seeds.length !== tasks.length)
    throw new InvalidArgumentError("seed", seeds, `expected ${tasks.length} seeds`);
  const envs = tasks.map((task, k) => {
    if (Array.isArray(policies) && policies.length !== task.agents && policies.length !== 1) {
      throw new InvalidArgumentError(
        "policies",
        policies.length,
        `expected 1 or ${task.agents} policies for task ${task.id}`,
      );
    }
    const env = new CollaborationEnv(task, {
      ...(opts.surface !== undefined ? { surface: opts.surface } : {}),
      ...(opts.maxSteps !== undefined ? { maxSteps: opts.maxSteps } : {}),
      ...(opts.guidance !== undefined ? { guidance: opts.guidance } : {}),
    });
    const seed = Array.isArray(seeds) ? (seeds as readonly number[])[k] : (seeds as number | undefined);
    env.reset(seed ?? task.seed);
    return env;
  });
  // A policy whose act resolves at once (scripted teams, a wasm model) turns the loop into one microtask chain that
  // never lets timers, sockets or a test runner's RPC through: give the event loop a turn every SLICE_MS.
  let slice = performance.now();
  for (;;) {
    if (performance.now() - slice > SLICE_MS) {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      slice = performance.now();
    }
    const groups = new Map<Policy, { env: CollaborationEnv; observation: Observation }[]>();
    for (const env of envs) {
      const agent = env.agentSelection;
      if (agent === null) continue;
      const policy =
        Array.isArray(policies) && policies.length === 1 ? (policies[0] as Policy) : policyFor(policies, agent);
      const group = groups.get(policy) ?? [];
      group.push({ env, observation: env.observe(agent) });
      groups.set(policy, group);
    }
    if (groups.size === 0) break;
    for (const [policy, group] of groups) {
      const actions = await policy.act(group.map((g) => g.observation));
      if (!Array.isArray(actions) || actions.length !== group.length) {
        throw new InvalidArgumentError(
          `${policy.name}.act`,
          Array.isArray(actions) ? actions.length : actions,
          `expected ${group.length} actions`,
        );
      }
      group.forEach((g, k) => g.env.step(actions[k] as NonNullable<(typeof actions)[number]>));
    }
  }
  return envs.map((env) => env.trace());
}
