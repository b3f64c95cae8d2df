import type { Policy, Surface } from "@cosir/env";

/** A parsed `--policies` entry: which back end (`kind`) builds it, under what label. */
export interface PolicySpec {
  /** Label in reports. */
  name: string;
  /** The registered back end: "scripted", "checkpoint", "chat", or one registered later. */
  kind: string;
  /** What the back end reads: a scripted kind, a checkpoint directory, a chat model, ... */
  target: string;
  /** Chat endpoint base URL. */
  url?: string;
}

/** Endpoint settings shared by every back end that calls a server (`cosir bench`'s endpoint flags). */
export interface PolicyEndpointOptions {
  timeoutMs?: number;
  temperature?: number;
  maxTokens?: number;
  apiKey?: string;
  concurrency?: number;
}

/** What `create` is given besides the spec. */
export interface PolicyBackendContext {
  seed: number;
  endpoint: PolicyEndpointOptions;
  /**
   * Temperature of a tfjs checkpoint's choices (TfjsPolicy's choiceTemperature; 0 greedy), its discussion sampled as
   * before; absent: every phase sampled alike. Back ends without a choice phase of their own ignore it.
   */
  choiceTemperature?: number;
  /**
   * Temperature of a tfjs checkpoint's discussion (TfjsPolicy's temperature; 0 greedy); absent: 1, as the RL
   * rollouts sample. Chat back ends take theirs from `endpoint.temperature` and ignore it.
   */
  talkTemperature?: number;
}

/** A built policy and the surface it plays on. */
export interface CreatedPolicy {
  policy: Policy;
  surface: Surface;
  /** Called after the runs: throws when they went wrong in a way the table would hide (every chat call failed). */
  finish?(): void;
}

/**
 * A kind of policy `cosir bench --policies` (and `cosir demo`) can build. Register one with
 * `policyBackends.register(kind, backend)`; `name=KIND:ARG` then reaches `parse(ARG)`.
 */
export interface PolicyBackend {
  /** The entry's shape for error messages, e.g. "name=chat:MODEL@URL" (start it with "name=" if it needs one). */
  syntax: string;
  /** The entry's shape and meaning for `--help`, e.g. "name=DIR (tfjs checkpoint)". */
  usage: string;
  /**
   * Values without a registered `KIND:` prefix this back end takes (asked in registration order); `named` is
   * false for an entry without `name=`. Omit it to be reachable by `name=KIND:ARG` only.
   */
  accepts?(value: string, named: boolean): boolean;
  /** ARG of `name=KIND:ARG` (or a plain value it accepts) -> target and url; undefined when malformed. */
  parse(arg: string): { target: string; url?: string } | undefined;
  /** The spec in a report header after its kind: "" (nothing), a directory, "MODEL @ URL". */
  describe(spec: PolicySpec): string;
  /** Checks made before any episode runs (a chat endpoint answers at all); throws one line naming the entry. */
  probe?(spec: PolicySpec): Promise<void>;
  create(spec: PolicySpec, context: PolicyBackendContext): Promise<CreatedPolicy>;
}
