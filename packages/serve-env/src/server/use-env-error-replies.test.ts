import { BudgetExceededError } from "@cosir/bayes";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { HttpError } from "./http-error";
import { useEnvErrorReplies } from "./use-env-error-replies";

function app() {
  const a = Fastify({ bodyLimit: 10 });
  useEnvErrorReplies(a, 10);
  a.get("/http", async () => {
    throw new HttpError(503, "capacity", "full");
  });
  a.get("/budget", async () => {
    throw new BudgetExceededError("body", 5, 1, "scoring");
  });
  a.get("/boom", async () => {
    throw new TypeError("secret detail");
  });
  a.post("/body", async () => "ok");
  return a;
}

describe("useEnvErrorReplies", () => {
  it("answers typed errors with their status, fastify's 4xx named for the body, and a bare 500 otherwise", async () => {
    const a = app();
    const full = await a.inject({ url: "/http" });
    expect([full.statusCode, full.headers["retry-after"], full.json()]).toEqual([
      503,
      "1",
      { error: { code: "capacity", message: "full" } },
    ]);
    expect((await a.inject({ url: "/budget" })).statusCode).toBe(413);
    expect((await a.inject({ url: "/boom" })).json()).toEqual({
      error: { code: "internal", message: "internal error" },
    });
    const big = await a.inject({ method: "POST", url: "/body", payload: { x: "x".repeat(50) } });
    expect(big.json()).toEqual({
      error: { code: "body_too_large", message: "body: larger than the limit of 10 bytes", field: "body" },
    });
    const nope = await a.inject({ url: "/nope?token=x" });
    expect([nope.statusCode, nope.json().error.message]).toEqual([404, "no route GET /nope"]);
  });
});
