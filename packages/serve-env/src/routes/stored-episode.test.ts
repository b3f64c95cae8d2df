import { CollaborationEnv, generateTask } from "@cosir/env";
import { rewardConfig } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { HttpError } from "../server/http-error";
import { EpisodeStore } from "../store/episode-store";
import { storedEpisode } from "./stored-episode";

describe("storedEpisode", () => {
  it("finds a kept episode and answers 404 unknown_episode otherwise, the id cut to 80 characters", () => {
    const store = new EpisodeStore({ maxEpisodes: 2, ttlMs: 60_000 });
    const entry = store.add({
      id: "e1",
      env: new CollaborationEnv(generateTask({ family: "random", seed: 1 })),
      config: rewardConfig("cosir"),
      responses: new Map(),
    });
    expect(storedEpisode(store, "e1")).toBe(entry);
    const long = "x".repeat(200);
    try {
      storedEpisode(store, long);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(404);
      expect((error as HttpError).message).toBe(`episode "${"x".repeat(80)}" is unknown or expired`);
    }
  });
});
