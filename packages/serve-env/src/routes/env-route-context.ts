import type { RewardConfig } from "@cosir/rewards";
import type { ResolvedEnvServerOptions } from "../options/env-server-options";
import type { ScoringPool } from "../scoring/scoring-pool";
import type { ScoringAdmission } from "../server/scoring-admission";
import type { StatelessEpisodes } from "../state/stateless-episodes";
import type { EpisodeStore } from "../store/episode-store";

/** What the episode service's routes share: built once by createEnvServer. */
export interface EnvRouteContext {
  opts: ResolvedEnvServerOptions;
  store: EpisodeStore;
  /** Set in stateless mode (`stateSecret`): episodes travel as signed state tokens instead of the store. */
  stateless: StatelessEpisodes | undefined;
  scoring: ScoringPool;
  /** The server-wide bound on scoring work in flight (`/get_reward`). */
  admission: ScoringAdmission;
  /** One controller per request whose work can be cancelled (aborted on disconnect, or when a drain ends). */
  inflight: Set<AbortController>;
  /** The reward preset of episodes that name none, and of every `/get_reward` request. */
  defaultConfig: RewardConfig;
}
