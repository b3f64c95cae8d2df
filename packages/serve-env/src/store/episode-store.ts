import type { CollaborationEnv } from "@cosir/env";
import type { EpisodeRewards, RewardConfig } from "@cosir/rewards";

/** One live episode and the last responses it gave (for idempotent retries). */
export interface EpisodeEntry {
  id: string;
  env: CollaborationEnv;
  config: RewardConfig;
  createdAt: number;
  expiresAt: number;
  rewards?: EpisodeRewards;
  /** requestId -> the step it answered (fingerprint of the body) and the response; the last few only. */
  responses: Map<string, { fingerprint: string; status: number; body: unknown }>;
}

export interface EpisodeStoreOptions {
  maxEpisodes: number;
  ttlMs: number;
  now?: () => number;
}

/** Request ids remembered per episode: a client retries its latest call, not one from many steps ago. */
export const REMEMBERED_REQUESTS = 8;

/**
 * Episodes in memory, bounded: each expires `ttlMs` after it was last used, and at most `maxEpisodes` live at
 * once. A new episode over the cap first evicts expired ones, then finished ones (oldest finish first); if
 * every slot holds a running episode, `add` returns false (the server answers 503).
 */
export class EpisodeStore {
  private readonly episodes = new Map<string, EpisodeEntry>();
  private readonly finished = new Map<string, true>();
  private readonly now: () => number;
  readonly maxEpisodes: number;
  readonly ttlMs: number;
  evicted = 0;
  expired = 0;

  constructor(opts: EpisodeStoreOptions) {
    this.maxEpisodes = opts.maxEpisodes;
    this.ttlMs = opts.ttlMs;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.episodes.size;
  }

  /** The live episode, its TTL renewed; undefined when unknown or expired. */
  get(id: string): EpisodeEntry | undefined {
    const entry = this.episodes.get(id);
    if (entry === undefined) return undefined;
    const now = this.now();
    if (entry.expiresAt <= now) {
      this.delete(id);
      this.expired++;
      return undefined;
    }
    entry.expiresAt = now + this.ttlMs;
    return entry;
  }

  add(entry: Omit<EpisodeEntry, "createdAt" | "expiresAt">): EpisodeEntry | undefined {
    if (this.episodes.size >= this.maxEpisodes) this.sweep();
    if (this.episodes.size >= this.maxEpisodes) {
      const oldest = this.finished.keys().next();
      if (oldest.done) return undefined;
      this.delete(oldest.value);
      this.evicted++;
    }
    const now = this.now();
    const full: EpisodeEntry = { ...entry, createdAt: now, expiresAt: now + this.ttlMs };
    this.episodes.set(full.id, full);
    return full;
  }

  /** Marks an episode finished: it becomes evictable before running ones. */
  finish(id: string): void {
    if (this.episodes.has(id)) this.finished.set(id, true);
  }

  /** Drops every expired episode; returns how many. */
  sweep(): number {
    const now = this.now();
    let n = 0;
    for (const [id, entry] of this.episodes) {
      if (entry.expiresAt <= now) {
        this.delete(id);
        n++;
      }
    }
    this.expired += n;
    return n;
  }

  private delete(id: string): void {
    this.episodes.delete(id);
    this.finished.delete(id);
  }
}
