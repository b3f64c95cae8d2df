import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpointClientOptions } from "./endpoint-client-options";

describe("endpointClientOptions", () => {
  it("is greedy by default and takes the key from the flag, then COSIR_CHAT_API_KEY, then OPENAI_API_KEY", () => {
    const base = endpointClientOptions("http://127.0.0.1:1/v1", "m", 3, {}, {});
    expect(base).toEqual({ baseUrl: "http://127.0.0.1:1/v1", model: "m", seed: 3, temperature: 0 });
    expect(endpointClientOptions("u", "m", 0, {}, { OPENAI_API_KEY: "o" }).apiKey).toBe("o");
    expect(endpointClientOptions("u", "m", 0, {}, { OPENAI_API_KEY: "o", COSIR_CHAT_API_KEY: "c" }).apiKey).toBe("c");
    expect(endpointClientOptions("u", "m", 0, { apiKey: "f" }, { COSIR_CHAT_API_KEY: "c" }).apiKey).toBe("f");
    expect("apiKey" in endpointClientOptions("u", "m", 0, { apiKey: "" }, {})).toBe(false);
  });

  it("passes exactly the limits that were set (no undefined keys reach the client)", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            timeoutMs: fc.integer({ min: 1, max: 1e6 }),
            temperature: fc.double({ min: 0, max: 2, noNaN: true }),
            maxTokens: fc.integer({ min: 1, max: 1e5 }),
            concurrency: fc.integer({ min: 1, max: 64 }),
          },
          { requiredKeys: [] },
        ),
        (o) => {
          const out = endpointClientOptions("u", "m", 1, o, {});
          for (const [k, v] of Object.entries(out)) expect(v, k).not.toBeUndefined();
          for (const k of ["timeoutMs", "maxTokens", "concurrency"] as const)
            expect(out[k]).toBe(o[k] === undefined ? undefined : o[k]);
          expect(out.temperature).toBe(o.temperature ?? 0);
        },
      ),
    );
  });
});
