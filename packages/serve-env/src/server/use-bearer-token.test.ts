import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { useBearerToken } from "./use-bearer-token";

function app(token: string | undefined) {
  const a = Fastify();
  useBearerToken(a, token);
  a.get("/healthz", async () => "up");
  a.get("/x", async () => "x");
  return a;
}

describe("useBearerToken", () => {
  it("lets everything through without a token", async () => {
    expect((await app(undefined).inject({ url: "/x" })).statusCode).toBe(200);
  });

  it("wants the token as a Bearer header or ?token=, except on /healthz", async () => {
    const a = app("s3cret");
    expect((await a.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect((await a.inject({ url: "/x", headers: { authorization: "Bearer s3cret" } })).statusCode).toBe(200);
    expect((await a.inject({ url: "/x?token=s3cret" })).statusCode).toBe(200);
    const missing = await a.inject({ url: "/x" });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe('Bearer realm="cosir"');
    expect(missing.json().error).toEqual({
      code: "unauthorized",
      message: "missing token: send Authorization: Bearer <token> (or ?token=)",
      field: "authorization",
    });
    const wrong = await a.inject({ url: "/x", headers: { authorization: "Bearer s3cre" } });
    expect(wrong.json().error.message).toBe("wrong token");
  });
});
