import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { useEnvErrorReplies } from "./use-env-error-replies";
import { useJsonBodyParser } from "./use-json-body-parser";

function app() {
  const a = Fastify();
  useJsonBodyParser(a);
  useEnvErrorReplies(a, 1 << 20);
  a.post("/echo", async (request) => ({ got: request.body }));
  return a;
}
const post = (a: ReturnType<typeof app>, payload: string, type = "application/json") =>
  a.inject({ method: "POST", url: "/echo", payload, headers: { "content-type": type } });

describe("useJsonBodyParser", () => {
  it("parses JSON bodies", async () => {
    expect((await post(app(), '{"a": [1, 2]}')).json()).toEqual({ got: { a: [1, 2] } });
  });

  it("names the body and where malformed JSON broke; refuses prototype poisoning and other media types", async () => {
    const a = app();
    const bad = await post(a, "{ nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "invalid_argument", field: "body" });
    expect(bad.json().error.message).toMatch(
      /^body: expected valid JSON \(Expected property name .* at position 2\), got "\{ nope"$/,
    );
    const poisoned = await post(a, '{"__proto__": {"x": 1}}');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().error.field).toBe("body");
    expect((await post(a, "{}", "text/plain")).statusCode).toBe(415);
  });
});
