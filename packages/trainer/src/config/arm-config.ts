import { rewardConfig } from "@cosir/rewards";
import type { TrainConfig } from "./train-config";

/**
 * The config that trains the arm of reward preset `preset` (docs/design.md §5.6): `config.rewards` when it names
 * that preset (its weight overrides kept), else the preset's own rewards; then the overlay `config.arms[preset]`
 * merged over it. The result carries no arms (its overlay is applied), so applying it again changes nothing.
 * The overlay was validated with the config (validateTrainConfig), so nothing here can fail for a valid config.
 */
export function armConfig(config: TrainConfig, preset: string): TrainConfig {
  const rewards = config.rewards.preset === preset ? config.rewards : rewardConfig(preset);
  const overlay = Object.hasOwn(config.arms, preset) ? config.arms[preset] : undefined;
  return { ...config, rewards, rl: { ...config.rl, ...overlay?.rl }, arms: {} };
}
