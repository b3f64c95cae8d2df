import { CollaborationEnv, type Surface, type Task } from "@cosir/env";
import { rewardConfig, type RewardConfig } from "@cosir/rewards";
import { HttpError } from "../server/http-error";
import type { EpisodeEntry } from "../store/episode-store";
import { EpisodeStateCodec } from "./episode-state-codec";
import { ReplayGuard, type SpentLedger } from "./replay-guard";

/** Spent tokens remembered per live-episode slot (a step's retries come within a few steps). */
const SPENT_PER_EPISODE = 4;

/** Replay-guard key of a state: its episode and step number (every token of one state shares it). */
const stateKey = (state: { id: string; texts: string[] }): string => `${state.id}\u0000${state.texts.length}`;

/** A CollaborationEnv that records the texts it was stepped with (what the next state token carries). */
class RecordingEnv extends CollaborationEnv {
  readonly texts: string[] = [];
  preset: string | undefined;

  override step(action: Parameters<CollaborationEnv["step"]>[0]): void {
    super.step(action);
    this.texts.push(typeof action === "string" ? action : action.text);
  }
}

export interface StatelessEpisodesOptions {
  stateSecret: string;
  ttlSeconds: number;
  maxEpisodes: number;
  now?: () => number;
  /** Where spent states are recorded; default a ReplayGuard in this process. */
  ledger?: SpentLedger;
}

/**
 * Stateless mode of the episode service: no episode is kept in memory; each answer carries the episode's
 * state as an HMAC-authenticated token (`state`), and the next request sends it back (`body.state` of a step,
 * the `cosir-state` header of a GET). Any replica with the same secret rebuilds the episode from the token
 * (task + texts so far, replayed through the deterministic protocol), so replicas behind a load balancer need
 * no shared store. Refusals: 400 `invalid_state`, 403 `state_forged`, 409 `state_mismatch` (a token of another
 * episode), 409 `state_replayed` (a spent token used for another step, see ReplayGuard), 410 `state_expired`.
 */
export class StatelessEpisodes {
  readonly codec: EpisodeStateCodec;
  readonly ledger: SpentLedger;
  private readonly configs = new Map<string, RewardConfig>();
  private readonly now: () => number;

  constructor(opts: StatelessEpisodesOptions) {
    this.now = opts.now ?? Date.now;
    this.codec = new EpisodeStateCodec(opts.stateSecret, opts.ttlSeconds * 1000, this.now);
    this.ledger = opts.ledger ?? new ReplayGuard(Math.max(1024, opts.maxEpisodes * SPENT_PER_EPISODE));
  }

  /** A fresh episode's entry (not stored anywhere). */
  create(id: string, task: Task, surface: Surface, config: RewardConfig, preset?: string): EpisodeEntry {
    const env = new RecordingEnv(task, { surface });
    env.preset = preset;
    const now = this.now();
    return { id, env, config, createdAt: now, expiresAt: now + this.codec.ttlMs, responses: new Map() };
  }

  /** The episode `id` rebuilt from `token` (signature, episode and age checked). */
  open(id: string, token: unknown, field: string): EpisodeEntry {
    const state = this.codec.open(token, field);
    if (state.id !== id)
      throw new HttpError(409, "state_mismatch", `${field}: the state belongs to another episode`, field);
    const config = this.configOf(state.preset, field);
    const entry = this.create(state.id, state.task, state.surface, config, state.preset);
    const env = entry.env as RecordingEnv;
    try {
      for (const text of state.texts) env.step(text);
    } catch {
      throw new HttpError(400, "invalid_state", `${field}: the state does not replay`, field);
    }
    return entry;
  }

  /**
   * Spends `entry`'s current state on `step` (call it just before stepping, once the step is known to be
   * valid): refused with 409 `state_replayed` when that state was already used for another step.
   */
  async claim(entry: EpisodeEntry, step: { agent: number; text: string }, field: string): Promise<void> {
    const key = stateKey({ id: entry.id, texts: (entry.env as RecordingEnv).texts });
    if (!(await this.ledger.claim(key, `${step.agent}\u0000${step.text}`)))
      throw new HttpError(
        409,
        "state_replayed",
        `${field}: this state was already used for another step; send the state of the last answer`,
        field,
      );
  }

  /** The token of the entry's current state. */
  seal(entry: EpisodeEntry): string {
    const env = entry.env as RecordingEnv;
    return this.codec.seal({
      id: entry.id,
      task: env.task,
      surface: env.surface,
      ...(env.preset !== undefined ? { preset: env.preset } : {}),
      texts: env.texts,
    });
  }

  private configOf(preset: string | undefined, field: string): RewardConfig {
    const key = preset ?? "";
    let config = this.configs.get(key);
    if (config === undefined) {
      if (preset === undefined) throw new HttpError(400, "invalid_state", `${field}: no preset`, field);
      config = rewardConfig(preset);
      this.configs.set(key, config);
    }
    return config;
  }

  /** Registers the server's default config under "no preset". */
  setDefault(config: RewardConfig): void {
    this.configs.set("", config);
  }
}
