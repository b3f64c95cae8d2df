import type { HiddenBenchResponseFormat } from "./hidden-bench-types";

/** The vote schema of the original (utils.py `VoteResponse`), as OpenAI's structured outputs send it. */
export const VOTE_JSON_SCHEMA = Object.freeze({
  type: "json_schema",
  json_schema: {
    name: "VoteResponse",
    schema: {
      type: "object",
      properties: { vote: { type: "string" }, rationale: { type: "string" } },
      required: ["vote", "rationale"],
      additionalProperties: false,
    },
    strict: true,
  },
});

/**
 * The optional fields of the original protocol's requests, dropped one layer at a time when an endpoint
 * answers HTTP 400 to them (README "HiddenBench", requests). Level 0: `enable_thinking: false` (top level,
 * as the original's `extra_body`, and in `chat_template_kwargs`, as vLLM and SGLang read it) plus the vote
 * `response_format`; level 1: the `response_format` alone; level 2: nothing (the prompt alone asks for
 * JSON). The level only goes down, for the whole run.
 */
export class RequestLadder {
  private level: number;
  /** HTTP 400 replies that made the ladder step down. */
  stepDowns = 0;

  constructor(
    private readonly responseFormat: HiddenBenchResponseFormat,
    private readonly thinkingOff: boolean,
  ) {
    this.level = thinkingOff ? 0 : responseFormat !== "none" ? 1 : 2;
  }

  /** The level a request made now is sent at. */
  get current(): number {
    return this.level;
  }

  /** The extra body fields of a request at `level` (votes carry the response_format); undefined: none. */
  body(level: number, vote: boolean): Record<string, unknown> | undefined {
    const format =
      vote && level <= 1 && this.responseFormat !== "none"
        ? { response_format: this.responseFormat === "json_schema" ? VOTE_JSON_SCHEMA : { type: "json_object" } }
        : {};
    const thinking =
      level === 0 && this.thinkingOff
        ? { enable_thinking: false, chat_template_kwargs: { enable_thinking: false } }
        : {};
    const out = { ...format, ...thinking };
    return Object.keys(out).length > 0 ? out : undefined;
  }

  /**
   * After an HTTP 400 to a request sent at `level` with optional fields: drops the next layer (unless
   * another call already did) and returns true, so the call is asked again; false when the request had
   * nothing to drop (the 400 is the endpoint's answer to the call itself).
   */
  stepDown(level: number, vote: boolean): boolean {
    if (this.body(level, vote) === undefined) return false;
    if (this.level <= level) {
      this.level = level === 0 && this.responseFormat !== "none" ? 1 : 2;
      this.stepDowns++;
    }
    return true;
  }

  /** What the run sends now: the response_format and whether thinking is turned off. */
  used(): { responseFormat: HiddenBenchResponseFormat; thinkingOff: boolean } {
    return {
      responseFormat: this.level <= 1 ? this.responseFormat : "none",
      thinkingOff: this.level === 0 && this.thinkingOff,
    };
  }
}
