import { InvalidArgumentError } from "@cosir/bayes";

/**
 * How precisely a demo's held-out sum is measured. The sum adds `families` accuracies, each a proportion over
 * `episodes` independent episodes, so its variance is at most families x 0.25 / episodes (p(1-p) <= 1/4); the
 * normal 95% half-width 1.96 x sqrt of that bounds the interval whatever the accuracies are. Printed under the
 * demo's held-out table so that a small sample says plainly it cannot order the arms (issue 24).
 */
export function heldOutSumHalfWidth(episodes: number, families: number): number {
  if (!Number.isInteger(episodes) || episodes < 1)
    throw new InvalidArgumentError("episodes", episodes, "expected an integer >= 1");
  if (!Number.isInteger(families) || families < 1)
    throw new InvalidArgumentError("families", families, "expected an integer >= 1");
  return 1.96 * Math.sqrt((families * 0.25) / episodes);
}

/** The line under the demo's held-out table: the worst-case half-width, and what a run that can order needs. */
export function heldOutSumNote(episodes: number, families: number): string {
  const half = heldOutSumHalfWidth(episodes, families);
  const at200 = heldOutSumHalfWidth(200, families);
  const verdict =
    half > 0.25
      ? `too wide to order arms whose sums differ by less than that; \`--set eval.benchEpisodes=200\` narrows it to +-${at200.toFixed(2)}`
      : "enough to order arms whose sums differ by more than that";
  return `held-out sum: ${episodes} episodes a family, 95% CI up to +-${half.toFixed(2)} on the sum of ${families}: ${verdict}.`;
}
