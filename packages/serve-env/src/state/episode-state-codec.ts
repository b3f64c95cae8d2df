import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { InvalidConfigError } from "@cosir/bayes";
import type { Surface, Task } from "@cosir/env";
import { MAX_STEP_TEXT_LENGTH } from "../protocol/max-step-text-length";
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
}

/** Shortest accepted `stateSecret` (characters). */
export const MIN_STATE_SECRET_LENGTH = 16;

/** Most steps an episode can take: 16 agents x (16 rounds + a choice before and after the discussion). */
export const MAX_STATE_STEPS = 16 * (16 + 2);

const VERSION = "s2";
const AAD = Buffer.from(`cosir-state/${VERSION}`, "utf8");
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** One text in the sealed payload: a 1-byte encoding, a 4-byte length, at most 2 bytes per UTF-16 unit. */
const MAX_TEXT_RECORD = 5 + 2 * MAX_STEP_TEXT_LENGTH;
const CANONICAL = /^s2\.[A-Za-z0-9_-]+$/;

/**
 * Longest state token a server with this body limit ever issues (characters): a header (episode id, task,
 * surface, preset, issue time) of at most `maxBodyBytes` bytes of JSON, and MAX_STATE_STEPS texts of
 * MAX_STEP_TEXT_LENGTH UTF-16 units, sealed and base64url-encoded. About 18.2 MB for the default 4 MiB.
 */
export function maxStateTokenLength(maxBodyBytes: number): number {
  const sealed = IV_BYTES + 4 + maxBodyBytes + MAX_STATE_STEPS * MAX_TEXT_RECORD + TAG_BYTES;
  return VERSION.length + 1 + Math.ceil((sealed * 4) / 3);
}

/** A text as the shortest lossless bytes: UTF-8 when the string is well formed, else UTF-16LE. */
function encodeText(text: string): Buffer {
  // UTF-8 loses lone surrogates (they become U+FFFD): use it only when it gives the text back exactly.
  const asUtf8 = Buffer.from(text, "utf8");
  const utf8 = asUtf8.length <= 2 * text.length && asUtf8.toString("utf8") === text ? asUtf8 : undefined;
  const body = utf8 ?? Buffer.from(text, "utf16le");
  const head = Buffer.alloc(5);
  head.writeUInt8(body === utf8 ? 0 : 1, 0);
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
}

function plaintextOf(state: EpisodeState): Buffer {
  const { texts, ...header } = state;
  const json = Buffer.from(JSON.stringify({ ...header, n: texts.length }), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length, 0);
  return Buffer.concat([length, json, ...texts.map(encodeText)]);
}

function stateOf(plain: Buffer): EpisodeState {
  const headerLength = plain.readUInt32BE(0);
  const { n, ...header } = JSON.parse(plain.subarray(4, 4 + headerLength).toString("utf8")) as Omit<
    EpisodeState,
    "texts"
  > & { n: number };
  const texts: string[] = [];
  let at = 4 + headerLength;
  for (let k = 0; k < n; k++) {
    const encoding = plain.readUInt8(at);
    const length = plain.readUInt32BE(at + 1);
    const bytes = plain.subarray(at + 5, at + 5 + length);
    if (bytes.length !== length) throw new RangeError("truncated text");
    texts.push(bytes.toString(encoding === 0 ? "utf8" : "utf16le"));
    at += 5 + length;
  }
  if (at !== plain.length) throw new RangeError("trailing bytes");
  return { ...header, texts };
}

/**
 * Seals episode state into an AES-256-GCM token (`s2.<base64url of IV, ciphertext, tag>`, the key derived
 * from the secret with HKDF-SHA256) and opens it again. Replicas that share the secret accept each other's
 * tokens; a client can neither read a token (the task's correct answer stays hidden) nor change one. Only
 * the canonical encoding is accepted (unpadded base64url, nothing appended). Refusals are HttpErrors naming
 * `field`: 400 `invalid_state` (not a token), 403 `state_forged` (not canonical, or fails authentication),
 * 410 `state_expired` (older than `ttlMs`); sealing past `maxTokenLength` is 413 `state_too_large`.
 * No compression: compressing secret and client text together would leak the secret through the length.
 */
export class EpisodeStateCodec {
  private readonly key: Buffer;
  readonly ttlMs: number;
  /** Longest token this codec issues or opens (characters). */
  readonly maxTokenLength: number;
  private readonly now: () => number;

  constructor(secret: string, ttlMs: number, now: () => number = Date.now, maxBodyBytes = 4 * 1024 * 1024) {
    if (typeof secret !== "string" || secret.length < MIN_STATE_SECRET_LENGTH)
      throw new InvalidConfigError(
        "stateSecret",
        typeof secret === "string" ? `(${secret.length} characters)` : secret,
        `expected a string of at least ${MIN_STATE_SECRET_LENGTH} characters`,
      );
    this.key = Buffer.from(hkdfSync("sha256", secret, "cosir-serve-env", `state-token ${VERSION} aes-256-gcm`, 32));
    this.ttlMs = ttlMs;
    this.now = now;
    this.maxTokenLength = maxStateTokenLength(maxBodyBytes);
  }

  /** Bytes of a state's header (what maxStateTokenLength allows `maxBodyBytes` for). */
  headerBytes(state: Omit<EpisodeState, "iat" | "texts">): number {
    return Buffer.byteLength(JSON.stringify({ ...state, iat: 0, n: 0 }), "utf8");
  }

  seal(state: Omit<EpisodeState, "iat">): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(plaintextOf({ ...state, iat: this.now() })), cipher.final()]);
    const token = `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
    if (token.length > this.maxTokenLength)
      throw new HttpError(
        413,
        "state_too_large",
        `state: ${token.length} characters, over the limit of ${this.maxTokenLength}`,
        "state",
      );
    return token;
  }

  open(token: unknown, field: string): EpisodeState {
    if (typeof token !== "string" || token.length === 0)
      throw new HttpError(
        400,
        "invalid_state",
        `${field}: required in stateless mode (the state of the last answer)`,
        field,
      );
    if (!token.startsWith(`${VERSION}.`))
      throw new HttpError(
        400,
        "invalid_state",
        `${field}: not a state token (expected ${VERSION}.<unpadded base64url>)`,
        field,
      );
    const encoded = token.slice(VERSION.length + 1);
    const bytes = Buffer.from(encoded, "base64url");
    // One encoding per token: unpadded base64url with no unused bits and nothing around it. Any other spelling
    // of a token is not one the server issued: refused as a forgery, before any decryption.
    if (
      token.length > this.maxTokenLength ||
      !CANONICAL.test(token) ||
      bytes.length < IV_BYTES + TAG_BYTES + 4 ||
      bytes.toString("base64url") !== encoded
    )
      throw new HttpError(
        403,
        "state_forged",
        `${field}: not a token this service issued (only the canonical unpadded base64url encoding, at most ${this.maxTokenLength} characters, is accepted)`,
        field,
      );
    let plain: Buffer;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(AAD);
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new HttpError(403, "state_forged", `${field}: the state token does not authenticate`, field);
    }
    let state: EpisodeState;
    try {
      state = stateOf(plain);
    } catch {
      throw new HttpError(400, "invalid_state", `${field}: unreadable state payload`, field);
    }
    if (!(this.now() - state.iat < this.ttlMs))
      throw new HttpError(410, "state_expired", `${field}: the episode state expired (older than the TTL)`, field);
    return state;
  }
}
