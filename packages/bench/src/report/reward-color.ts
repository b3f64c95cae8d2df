import { InvalidArgumentError } from "@cosir/bayes";

/** Background of a message whose reward is (near) zero or not a number. */
export const REWARD_NEUTRAL_RGB: readonly [number, number, number] = [236, 236, 236];
/** Background at the largest positive reward (green). */
export const REWARD_POSITIVE_RGB: readonly [number, number, number] = [112, 198, 122];
/** Background at the largest negative reward (red). */
export const REWARD_NEGATIVE_RGB: readonly [number, number, number] = [240, 118, 112];
/** Rewards whose tone is below this in size are shown neutral (|reward| < 1% of the scale). */
export const REWARD_NEUTRAL_BAND = 0.1;

/**
 * Signed intensity of a reward in [-1, 1]: sign(r) * sqrt(min(1, |r| / scale)), 0 inside the neutral band and for
 * NaN. The square root spreads the many small per-message rewards apart from the few large ones. Monotone in r.
 */
export function rewardTone(reward: number, scale: number): number {
  if (!(Number.isFinite(scale) && scale > 0))
    throw new InvalidArgumentError("scale", scale, "expected a finite positive reward scale");
  if (Number.isNaN(reward)) return 0;
  const tone = Math.sqrt(Math.min(1, Math.abs(reward) / scale));
  if (tone < REWARD_NEUTRAL_BAND) return 0;
  return reward > 0 ? tone : -tone;
}

/**
 * CSS background colour of a message with this reward, as `rgb(r, g, b)` (the form browsers report back): grey near
 * zero, towards green for positive and towards red for negative rewards, further the larger |reward| / scale.
 */
export function rewardColor(reward: number, scale: number): string {
  const tone = rewardTone(reward, scale);
  const end = tone >= 0 ? REWARD_POSITIVE_RGB : REWARD_NEGATIVE_RGB;
  const t = Math.abs(tone);
  const [r, g, b] = REWARD_NEUTRAL_RGB.map((c, i) => Math.round(c + t * ((end[i] as number) - c)));
  return `rgb(${r}, ${g}, ${b})`;
}
