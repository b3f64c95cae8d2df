import { CosirError } from "@cosir/bayes";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { ChatHttpError } from "./chat-http-error";
import { chatFailure } from "./use-chat-error-replies";

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as FastifyRequest;

describe("chatFailure", () => {
  it("keeps a refusal's status and param, and any CosirError's with a numeric status", () => {
    expect(chatFailure(new ChatHttpError(429, "slow down"), request(), 10)).toEqual({
      status: 429,
      message: "slow down",
      param: null,
    });
    const refusal = Object.assign(new CosirError("x", "m"), { status: 400, param: "messages" });
    expect(chatFailure(refusal, request(), 10)).toEqual({ status: 400, message: "m", param: "messages" });
  });

  it("names the declared size of a body over the limit when there is one", () => {
    const tooLarge = { statusCode: 413, message: "too large" };
    expect(chatFailure(tooLarge, request({ "content-length": "99" }), 10).message).toBe(
      "request body of 99 bytes exceeds the limit of 10 bytes",
    );
    expect(chatFailure(tooLarge, request(), 10).message).toBe("request body exceeds the limit of 10 bytes");
  });

  it("answers other errors, typed ones without a status included, with 500 and the reason", () => {
    expect(chatFailure(new CosirError("x", "no status"), request(), 10)).toEqual({
      status: 500,
      message: "internal error: no status",
      param: null,
    });
    expect(chatFailure({ statusCode: 400, message: "bad length" }, request(), 10).message).toBe(
      "could not read the request body: bad length",
    );
  });
});
