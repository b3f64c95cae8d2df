import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PolicyBackend } from "./policy-backend";
import { policyBackends } from "./policy-backends";

const BUILT_IN = ["scripted", "checkpoint", "chat"];
const dummy = (tag: string): PolicyBackend => ({
  syntax: `name=${tag}:X`,
  usage: tag,
  parse: (arg) => ({ target: arg }),
  describe: () => tag,
  create: async () => {
    throw new Error("not built in this test");
  },
});

type Model = Map<string, PolicyBackend>;
const kind = fc.constantFrom("alpha", "beta", "gamma");

class Register implements fc.Command<Model, typeof policyBackends> {
  constructor(
    readonly kind: string,
    readonly backend: PolicyBackend,
  ) {}
  check = () => true;
  run(m: Model, r: typeof policyBackends): void {
    r.register(this.kind, this.backend);
    m.set(this.kind, this.backend);
    expect(r.get(this.kind)).toBe(this.backend);
  }
  toString = () => `register(${this.kind})`;
}
class Delete implements fc.Command<Model, typeof policyBackends> {
  constructor(readonly kind: string) {}
  check = () => true;
  run(m: Model, r: typeof policyBackends): void {
    expect(r.delete(this.kind)).toBe(m.delete(this.kind));
  }
  toString = () => `delete(${this.kind})`;
}
class Look implements fc.Command<Model, typeof policyBackends> {
  constructor(readonly kind: string) {}
  check = () => true;
  run(m: Model, r: typeof policyBackends): void {
    expect(r.has(this.kind)).toBe(m.has(this.kind));
    expect(r.get(this.kind)).toBe(m.get(this.kind));
    expect(r.kinds()).toEqual([...BUILT_IN, ...m.keys()]);
  }
  toString = () => `look(${this.kind})`;
}

describe("policyBackends", () => {
  it("holds scripted, checkpoint and chat, in that order", () => {
    expect(policyBackends.kinds()).toEqual(BUILT_IN);
  });

  it("model-based: register, replace, delete and look up agree with a Map (built-ins untouched)", () => {
    fc.assert(
      fc.property(
        fc.commands([
          fc.tuple(kind, fc.string({ maxLength: 3 })).map(([k, t]) => new Register(k, dummy(t))),
          kind.map((k) => new Delete(k)),
          kind.map((k) => new Look(k)),
        ]),
        (commands) => {
          const model: Model = new Map();
          try {
            fc.modelRun(() => ({ model, real: policyBackends }), commands);
          } finally {
            for (const k of ["alpha", "beta", "gamma"]) policyBackends.delete(k);
          }
        },
      ),
    );
  });

  it("refuses a bad kind name or something that is not a back end", () => {
    expect(() => policyBackends.register("9x", dummy("x"))).toThrow(/^kind:/);
    expect(() => policyBackends.register("a:b", dummy("x"))).toThrow(/^kind:/);
    expect(() => policyBackends.register("ok", {} as PolicyBackend)).toThrow(/^backend: expected a PolicyBackend/);
    expect(policyBackends.has("ok")).toBe(false);
  });
});
