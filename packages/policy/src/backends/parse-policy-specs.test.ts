import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { SCRIPTED_KINDS } from "../scripted/scripted-policy";
import { parsePolicySpec, parsePolicySpecs, policySpecUsage } from "./parse-policy-specs";
import { policyBackends } from "./policy-backends";

const kinds = SCRIPTED_KINDS.join(", ");
const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/);
const dir = fc.stringMatching(/^[a-z0-9_./-]{1,20}$/).filter((d) => !(SCRIPTED_KINDS as readonly string[]).includes(d));

afterEach(() => {
  policyBackends.delete("echo");
});

describe("parsePolicySpecs (--policies)", () => {
  it("reads the three built-in shapes", () => {
    expect(parsePolicySpecs("oracle,base=runs/a,cosir=chat:qwen@http://127.0.0.1:8000/v1,me=silent")).toEqual([
      { name: "oracle", kind: "scripted", target: "oracle" },
      { name: "base", kind: "checkpoint", target: "runs/a" },
      { name: "cosir", kind: "chat", target: "qwen", url: "http://127.0.0.1:8000/v1" },
      { name: "me", kind: "scripted", target: "silent" },
    ]);
    expect(parsePolicySpecs(" a=checkpoint:runs/x , b=scripted:oracle ,")).toEqual([
      { name: "a", kind: "checkpoint", target: "runs/x" },
      { name: "b", kind: "scripted", target: "oracle" },
    ]);
  });

  it("round trip: name=VALUE for a directory, a scripted kind or a chat endpoint", () => {
    fc.assert(
      fc.property(name, dir, fc.constantFrom(...SCRIPTED_KINDS), name, (n, d, k, model) => {
        expect(parsePolicySpec(`${n}=${d}`)).toEqual({ name: n, kind: "checkpoint", target: d });
        expect(parsePolicySpec(`${n}=${k}`)).toEqual({ name: n, kind: "scripted", target: k });
        expect(parsePolicySpec(k)).toEqual({ name: k, kind: "scripted", target: k });
        expect(parsePolicySpec(`${n}=chat:${model}@http://h:1/v1`)).toEqual({
          name: n,
          kind: "chat",
          target: model,
          url: "http://h:1/v1",
        });
      }),
    );
  });

  it("keeps the error texts of cosir bench", () => {
    const err = (raw: string) => {
      try {
        parsePolicySpecs(raw);
      } catch (error) {
        return (error as Error).message;
      }
      return "no error";
    };
    expect(err("wizard")).toBe(
      `--policies: expected a scripted policy (${kinds}), name=DIR or name=chat:MODEL@URL, got "wizard"`,
    );
    expect(err("=x")).toBe('--policies: expected name=DIR or name=chat:MODEL@URL, got "=x"');
    expect(err("a=")).toBe('--policies: expected name=DIR or name=chat:MODEL@URL, got "a="');
    expect(err("a=chat:qwen")).toBe('--policies: expected name=chat:MODEL@URL, got "a=chat:qwen"');
    expect(err("a=chat:@http://h")).toBe('--policies: expected name=chat:MODEL@URL, got "a=chat:@http://h"');
    expect(err("a=chat:m@")).toBe('--policies: expected name=chat:MODEL@URL, got "a=chat:m@"');
    expect(err(" , ")).toBe('--policies: expected at least one policy, got " , "');
    expect(err("a=oracle,a=silent")).toBe('--policies: expected distinct policy names, got "a"');
    expect(err("a=scripted:wizard")).toBe(`--policies: expected a scripted policy (${kinds}), got "a=scripted:wizard"`);
  });

  it("a registered kind is reached by name=KIND:ARG and named in errors and --help", async () => {
    expect(parsePolicySpec("x=echo:hello")).toEqual({ name: "x", kind: "checkpoint", target: "echo:hello" });
    policyBackends.register("echo", {
      syntax: "name=echo:TEXT",
      usage: "name=echo:TEXT (says TEXT)",
      parse: (arg) => (arg === "" ? undefined : { target: arg }),
      describe: (spec) => spec.target,
      create: async (spec) => ({
        policy: { name: spec.name, act: async (obs) => obs.map(() => ({ text: spec.target })) },
        surface: "canonical",
      }),
    });
    expect(parsePolicySpec("x=echo:hello")).toEqual({ name: "x", kind: "echo", target: "hello" });
    expect(() => parsePolicySpec("x=echo:")).toThrow(/^--policies: expected name=echo:TEXT, got/);
    expect(() => parsePolicySpec("wizard")).toThrow(/name=DIR, name=chat:MODEL@URL or name=echo:TEXT, got/);
    expect(policySpecUsage()).toMatch(/\(scripted\), name=DIR \(tfjs checkpoint\), .* name=echo:TEXT \(says TEXT\)$/);
  });
});
