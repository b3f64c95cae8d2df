import { HttpError } from "../server/http-error";
import type { EpisodeEntry, EpisodeStore } from "../store/episode-store";

/** The episode kept under `id`, or 404 `unknown_episode` (never created, or expired). */
export function storedEpisode(store: EpisodeStore, id: string): EpisodeEntry {
  const entry = store.get(id);
  if (entry === undefined)
    throw new HttpError(
      404,
      "unknown_episode",
      `episode ${JSON.stringify(id.slice(0, 80))} is unknown or expired`,
      "id",
    );
  return entry;
}
