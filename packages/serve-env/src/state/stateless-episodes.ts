import { CollaborationEnv, type Surface, type Task } from "@cosir/env";
import { rewardConfig, type RewardConfig } from "@cosir/rewards";
import { HttpError } from "../server/http-error";
import type { EpisodeEntry } from "../store/episode-store";
import { EpisodeStateCodec } from "./episode-state-codec";
import { ReplayGuard, type SpentLedger } from "./replay-guard";

/** Texts (characters) the cache of live episodes holds at most, and episodes at most. */
const CACHE_CHARS = 32 * 1024 * 1024;
const CACHE_EPISODES = 1024;
/** Replay yields the event loop after this much work (ms), so one long episode never stalls the others. */
const REPLAY_SLICE_MS = 5;

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
  /** Bounds a state's header (task JSON) and so the token's length (maxStateTokenLength); default 4 MiB. */
  maxBodyBytes?: number;
  /** Spent states the default ledger holds (see ReplayGuard); default 1,048,576. */
  replayLedgerSize?: number;
  now?: () => number;
  /** Where spent states are recorded; default a ReplayGuard in this process. */
  ledger?: SpentLedger;
}

/**
 * A token's cache key: its end, which holds the AES-GCM tag (the authentication of the whole token; a token is
 * looked up only once it has been opened, i.e. authenticated), and its length. Hashing megabytes per step is
 * what this saves.
 */
const tokenKey = (token: string): string => `${token.length}:${token.slice(-24)}`;

/**
 * The episodes this process answered last, by the token it handed out: the next step of an episode usually
 * comes back with that token, and then nothing is replayed. Bounded in episodes and in text characters.
 */
class LiveEpisodes {
  private readonly byToken = new Map<string, { env: RecordingEnv; chars: number }>();
  private chars = 0;

  put(token: string, env: RecordingEnv): void {
    const chars = env.texts.reduce((n, t) => n + t.length, 0);
    if (chars > CACHE_CHARS / 4) return;
    this.byToken.set(tokenKey(token), { env, chars });
    this.chars += chars;
    while (this.byToken.size > CACHE_EPISODES || this.chars > CACHE_CHARS) {
      const [oldest, entry] = this.byToken.entries().next().value as [string, { chars: number }];
      this.byToken.delete(oldest);
      this.chars -= entry.chars;
    }
  }

  /** The episode handed out with `token`, taken out (its next step changes it). */
  take(token: string): RecordingEnv | undefined {
    const key = tokenKey(token);
    const entry = this.byToken.get(key);
    if (entry === undefined) return undefined;
    this.byToken.delete(key);
    this.chars -= entry.chars;
    return entry.env;
  }
}

/**
 * Stateless mode of the episode service: no episode needs to be kept in memory; each answer carries the
 * episode's state as a sealed (AES-256-GCM) token (`state`), and the next request sends it back (`body.state`
 * of a step or of `POST /v1/episodes/:id`, or the `cosir-state` header of a GET). Any replica with the same secret rebuilds the episode from the token
 * (task + texts so far, replayed through the deterministic protocol), so replicas behind a load balancer need
 * no shared store. Refusals: 400 `invalid_state`, 403 `state_forged`, 409 `state_mismatch` (a token of another
 * episode), 409 `state_replayed` (a spent token used for another step, see ReplayGuard), 410 `state_expired`.
 */
export class StatelessEpisodes {
  readonly codec: EpisodeStateCodec;
  readonly ledger: SpentLedger;
  private readonly configs = new Map<string, RewardConfig>();
  private readonly now: () => number;
  private readonly maxBodyBytes: number;
  private readonly live = new LiveEpisodes();

  constructor(opts: StatelessEpisodesOptions) {
    this.now = opts.now ?? Date.now;
    this.maxBodyBytes = opts.maxBodyBytes ?? 4 * 1024 * 1024;
    this.codec = new EpisodeStateCodec(opts.stateSecret, opts.ttlSeconds * 1000, this.now, this.maxBodyBytes);
    this.ledger = opts.ledger ?? new ReplayGuard(opts.replayLedgerSize ?? 1_048_576, this.now);
  }

  /**
   * A fresh episode's entry (not stored anywhere). A task whose state header (the task's JSON) is over the
   * body limit is refused here, with 413 `state_too_large`, so every token of the episode fits the bound.
   */
  create(id: string, task: Task, surface: Surface, config: RewardConfig, preset?: string): EpisodeEntry {
    const env = new RecordingEnv(task, { surface });
    env.preset = preset;
    const header = this.codec.headerBytes({ id, task, surface, ...(preset !== undefined ? { preset } : {}) });
    if (header > this.maxBodyBytes)
      throw new HttpError(
        413,
        "state_too_large",
        `body.task: its state would carry ${header} bytes of task, over the body limit of ${this.maxBodyBytes}`,
        "body.task",
      );
    return this.entryOf(id, env, config);
  }

  private entryOf(id: string, env: RecordingEnv, config: RewardConfig): EpisodeEntry {
    const now = this.now();
    return { id, env, config, createdAt: now, expiresAt: now + this.codec.ttlMs, responses: new Map() };
  }

  /**
   * The episode `id` rebuilt from `token` (authenticity, episode and age checked): the one this process handed
   * out with that token when it has it, else the texts replayed through the protocol, yielding the event loop
   * every few milliseconds (a maximum episode's replay takes about a second of parsing).
   */
  async open(id: string, token: unknown, field: string): Promise<EpisodeEntry> {
    const state = this.codec.open(token, field);
    if (state.id !== id)
      throw new HttpError(409, "state_mismatch", `${field}: the state belongs to another episode`, field);
    const config = this.configOf(state.preset, field);
    const cached = this.live.take(token as string);
    if (cached !== undefined) return this.entryOf(state.id, cached, config);
    const env = new RecordingEnv(state.task, { surface: state.surface });
    env.preset = state.preset;
    let slice = performance.now();
    try {
      for (const text of state.texts) {
        env.step(text);
        if (performance.now() - slice > REPLAY_SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          slice = performance.now();
        }
      }
    } catch {
      throw new HttpError(400, "invalid_state", `${field}: the state does not replay`, field);
    }
    return this.entryOf(state.id, env, config);
  }

  /**
   * Spends `entry`'s current state on `step` (call it just before stepping, once the step is known to be
   * valid): refused with 409 `state_replayed` when that state was already used for another step.
   */
  async claim(entry: EpisodeEntry, step: { agent: number; text: string }, field: string): Promise<void> {
    const at = (entry.env as RecordingEnv).texts.length;
    // Every token of this state was issued before now and expires within the TTL; so does the token of the
    // next state that the answer to this claim issues.
    const until = this.now() + this.codec.ttlMs;
    const verdict = await this.ledger.claim(entry.id, at, `${step.agent}\u0000${step.text}`, until);
    if (verdict === "full")
      throw new HttpError(
        503,
        "replay_ledger_full",
        "the replay ledger holds as many unexpired states as it may (--replay-ledger-size); retry later",
      );
    if (!verdict)
      throw new HttpError(
        409,
        "state_replayed",
        `${field}: this state was already used for another step; send the state of the last answer`,
        field,
      );
  }

  /** The token of the entry's current state (the episode is kept for that token's next step: change it no more). */
  seal(entry: EpisodeEntry): string {
    const env = entry.env as RecordingEnv;
    const token = this.codec.seal({
      id: entry.id,
      task: env.task,
      surface: env.surface,
      ...(env.preset !== undefined ? { preset: env.preset } : {}),
      texts: env.texts,
    });
    if (!env.done) this.live.put(token, env);
    return token;
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
