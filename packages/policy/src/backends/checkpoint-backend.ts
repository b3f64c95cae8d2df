import { CosirError } from "@cosir/bayes";
import type { Policy } from "@cosir/env";
import type { PolicyBackend } from "./policy-backend";

// Not a literal, so neither tsc nor the bundler follows it: the main entry stays free of tfjs.
const TFJS_ENTRY: string = "@cosir/policy/tfjs";

/**
 * Loads a tfjs checkpoint directory as a Policy through `@cosir/policy/tfjs`, imported only here so a run
 * with scripted or chat policies never loads tfjs: selects the tfjs back end, then
 * `TfjsPolicy.fromCheckpoint(dir, {name, seed, choiceTemperature, temperature})` (the talk's temperature only when
 * given). `load` imports the entry (tests pass a fake).
 */
export async function loadCheckpointPolicy(
  dir: string,
  name: string,
  seed = 0,
  load: () => Promise<unknown> = () => import(TFJS_ENTRY),
  choiceTemperature?: number,
  talkTemperature?: number,
): Promise<Policy> {
  const tfjs = (await load()) as Record<string, unknown>;
  const TfjsPolicy = tfjs.TfjsPolicy as
    | {
        fromCheckpoint?: (
          d: string,
          o: { name: string; seed: number; choiceTemperature?: number; temperature?: number },
        ) => Promise<Policy>;
      }
    | undefined;
  if (typeof TfjsPolicy?.fromCheckpoint !== "function") {
    throw new CosirError(
      "no_checkpoint_loader",
      `--policies ${name}=${dir}: @cosir/policy/tfjs exports no TfjsPolicy.fromCheckpoint`,
    );
  }
  if (typeof tfjs.selectBackend === "function") await (tfjs.selectBackend as () => Promise<unknown>)();
  // the talk's temperature only when given: absent, TfjsPolicy's own default (1) as before
  return TfjsPolicy.fromCheckpoint(dir, {
    name,
    seed,
    choiceTemperature,
    ...(talkTemperature === undefined ? {} : { temperature: talkTemperature }),
  });
}

/** `name=DIR` (any named value no other back end takes) or `name=checkpoint:DIR`: a tfjs checkpoint, canonical surface. */
export const checkpointBackend: PolicyBackend = {
  syntax: "name=DIR",
  usage: "name=DIR (tfjs checkpoint)",
  accepts: (_value, named) => named,
  parse: (arg) => ({ target: arg }),
  describe: (spec) => spec.target,
  async create(spec, { seed, choiceTemperature, talkTemperature }) {
    const policy = await loadCheckpointPolicy(
      spec.target,
      spec.name,
      seed,
      undefined,
      choiceTemperature,
      talkTemperature,
    );
    return { policy, surface: "canonical" };
  },
};
