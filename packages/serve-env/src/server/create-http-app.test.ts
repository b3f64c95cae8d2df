import { describe, expect, it } from "vitest";
import { createHttpApp } from "./create-http-app";

describe("createHttpApp", () => {
  it("answers a URL fastify cannot decode with 400 bad_url in the server's error shape", async () => {
    const app = createHttpApp({
      bodyLimit: 100,
      errorBody: (code, message, field) => ({ mine: { code, message, field } }),
    });
    app.get("/a/:id", async () => "ok");
    const res = await app.inject({ url: "/a/%zz" });
    expect(res.statusCode).toBe(400);
    expect(res.json().mine).toMatchObject({ code: "bad_url", field: "url" });
    expect(res.json().mine.message).toMatch(/^url: /);
  });

  it("applies the body limit", async () => {
    const app = createHttpApp({ bodyLimit: 10, errorBody: (code, message) => ({ code, message }) });
    app.post("/", async () => "ok");
    expect((await app.inject({ method: "POST", url: "/", payload: { x: "x".repeat(20) } })).statusCode).toBe(413);
  });
});
