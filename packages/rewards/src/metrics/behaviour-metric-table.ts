import { askRateMetricSpec } from "./ask-rate-metric";
import type { BehaviourMetricSpec, MetricKey } from "./behaviour-metric-spec";
import { disclosureMetricSpec } from "./disclosure-metric";
import { failToAskMetricSpec } from "./fail-to-ask-metric";
import { falseClaimsMetricSpec } from "./false-claims-metric";
import { formatMetricSpec } from "./format-metric";
import { ignoredInputMetricSpec } from "./ignored-input-metric";
import { individualAccuracyMetricSpec, postAccuracyMetricSpec } from "./individual-accuracy-metric";
import { messagesMetricSpec } from "./messages-metric";
import { preAccuracyMetricSpec } from "./pre-accuracy-metric";
import { teamCorrectMetricSpec, teamDecisionMetricSpec } from "./team-outcome-metric";
import { tokensMetricSpec } from "./tokens-metric";
import { withholdingMetricSpec } from "./withholding-metric";

/**
 * The table of behaviour metrics (README "Metrics"), in the order `EpisodeMetrics` lists them. Each one follows
 * the episode through the same single replay pass as the reward terms (`episodePass`); `ignoredInput` and
 * `falseClaims` count with the `use` and `falseClaim` terms' own compute. Adding a metric: docs/contributing.md
 * "Adding a behaviour metric".
 */
export const behaviourMetricTable: readonly BehaviourMetricSpec<MetricKey>[] = Object.freeze([
  teamDecisionMetricSpec,
  teamCorrectMetricSpec,
  individualAccuracyMetricSpec,
  preAccuracyMetricSpec,
  postAccuracyMetricSpec,
  disclosureMetricSpec,
  askRateMetricSpec,
  failToAskMetricSpec,
  ignoredInputMetricSpec,
  withholdingMetricSpec,
  falseClaimsMetricSpec,
  messagesMetricSpec,
  tokensMetricSpec,
  formatMetricSpec,
]);
