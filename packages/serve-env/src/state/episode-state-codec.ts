import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { InvalidConfigError } from "@cosir/bayes";
import type { Surface, Task } from "@cosir/env";
import { HttpError } from "../server/http-error";

/** What a state token carries: enough to rebuild the episode on any replica that holds the secret. */
export interface EpisodeState {
  /** Episode id (the `:id` of the route it must be used on). */
  id: string;
  task: Task;
  surface: Surface;
  /** Reward preset name, or undefined for the server's default. */
  preset?: string;
  /** Every text stepped so far, in order (the episode is deterministic given the task and these). */
  texts: string[];
  /** Issued at, ms since the epoch; the token expires `ttlMs` later. */
  iat: number;
  /** Random per token, so two tokens for the same step are never equal. */
  nonce: string;
}

/** Shortest accepted `stateSecret` (characters). */
export const MIN_STATE_SECRET_LENGTH = 16;
const VERSION = "s1";

/**
 * Seals episode state into an HMAC-SHA256-authenticated token (`s1.<base64url JSON>.<base64url MAC>`) and opens
 * it again. Replicas that share the secret accept each other's tokens; a client can read a token but not
 * change one. Refusals are HttpErrors naming `field`: 400 `invalid_state` (not a token), 403 `state_forged`
 * (the MAC does not match), 410 `state_expired` (older than `ttlMs`).
 */
export class EpisodeStateCodec {
  private readonly key: Buffer;
  readonly ttlMs: number;
  private readonly now: () => number;

  constructor(secret: string, ttlMs: number, now: () => number = Date.now) {
    if (typeof secret !== "string" || secret.length < MIN_STATE_SECRET_LENGTH)
      throw new InvalidConfigError(
        "stateSecret",
        typeof secret === "string" ? `(${secret.length} characters)` : secret,
        `expected a string of at least ${MIN_STATE_SECRET_LENGTH} characters`,
      );
    this.key = Buffer.from(secret, "utf8");
    this.ttlMs = ttlMs;
    this.now = now;
  }

  private mac(payload: string): Buffer {
    return createHmac("sha256", this.key).update(VERSION).update(".").update(payload).digest();
  }

  seal(state: Omit<EpisodeState, "iat" | "nonce">): string {
    const full: EpisodeState = { ...state, iat: this.now(), nonce: randomBytes(9).toString("base64url") };
    const payload = Buffer.from(JSON.stringify(full), "utf8").toString("base64url");
    return `${VERSION}.${payload}.${this.mac(payload).toString("base64url")}`;
  }

  open(token: unknown, field: string): EpisodeState {
    if (typeof token !== "string" || token.length === 0)
      throw new HttpError(
        400,
        "invalid_state",
        `${field}: required in stateless mode (the state of the last answer)`,
        field,
      );
    const parts = token.split(".");
    if (parts.length !== 3 || parts[0] !== VERSION)
      throw new HttpError(
        400,
        "invalid_state",
        `${field}: not a state token (expected ${VERSION}.<payload>.<mac>)`,
        field,
      );
    const [, payload, mac] = parts as [string, string, string];
    const given = Buffer.from(mac, "base64url");
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HttpError(403, "state_forged", `${field}: the state token's signature does not match`, field);
    let state: EpisodeState;
    try {
      state = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as EpisodeState;
    } catch {
      throw new HttpError(400, "invalid_state", `${field}: unreadable state payload`, field);
    }
    if (!(this.now() - state.iat < this.ttlMs))
      throw new HttpError(410, "state_expired", `${field}: the episode state expired (older than the TTL)`, field);
    return state;
  }
}
