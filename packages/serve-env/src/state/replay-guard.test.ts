import { EventEmitter } from "node:events";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ClusterLedger, type LedgerMessage } from "./cluster-ledger";
import { ReplayGuard } from "./replay-guard";

// Model-based tests: the spent-state ledger modelled as a plain list of [key, fingerprint] in first-claim order,
// cut to the capacity from the front, next to ReplayGuard (in-process) and ClusterLedger (a worker's view of a
// primary's ReplayGuard over IPC, replies delivered in any order).

interface Model {
  capacity: number;
  spent: [string, string][];
  refused: number;
}

/** The model's answer to one claim (and its update). */
function modelClaim(m: Model, key: string, fingerprint: string): boolean {
  const seen = m.spent.find(([k]) => k === key);
  if (seen !== undefined) {
    if (seen[1] === fingerprint) return true;
    m.refused++;
    return false;
  }
  m.spent.push([key, fingerprint]);
  if (m.spent.length > m.capacity) m.spent.shift();
  return true;
}

const keyArb = fc.constantFrom("ep1\u00000", "ep1\u00001", "ep1\u00002", "ep2\u00000", "ep2\u00001", "ep3\u00000");
const fingerprintArb = fc.constantFrom("0\u0000SHARE o0 a0 2", "1\u0000PASS", "0\u0000CHOOSE o1");

class Claim implements fc.Command<Model, ReplayGuard> {
  constructor(
    readonly key: string,
    readonly fingerprint: string,
  ) {}
  check = () => true;
  run(m: Model, guard: ReplayGuard): void {
    expect(guard.claim(this.key, this.fingerprint)).toBe(modelClaim(m, this.key, this.fingerprint));
    expect(guard.size).toBe(m.spent.length);
    expect(guard.refused).toBe(m.refused);
  }
  toString = () => `claim(${JSON.stringify(this.key)}, ${JSON.stringify(this.fingerprint)})`;
}

/** A worker's IPC channel wired to a primary's ReplayGuard; replies are held until `deliver`. */
class FakeChannel extends EventEmitter {
  readonly held: LedgerMessage[] = [];
  constructor(readonly primary: ReplayGuard) {
    super();
  }
  send(message: LedgerMessage): boolean {
    if (message.type === "claim")
      this.held.push({ type: "claimed", n: message.n, ok: this.primary.claim(message.key, message.fingerprint) });
    return true;
  }
  deliver(order: number[]): void {
    const replies = this.held.splice(0);
    const rest = replies.map((_, i) => i);
    for (const pick of order) {
      if (rest.length === 0) break;
      const [i] = rest.splice(pick % rest.length, 1);
      this.emit("message", replies[i!]);
    }
    for (const i of rest) this.emit("message", replies[i]);
    // Unrelated traffic on the same channel is ignored.
    this.emit("message", { type: "ready" });
  }
}

interface ClusterReal {
  ledger: ClusterLedger;
  channel: FakeChannel;
}

class ClaimBatch implements fc.AsyncCommand<Model, ClusterReal> {
  constructor(
    readonly claims: [string, string][],
    readonly order: number[],
  ) {}
  check = () => true;
  async run(m: Model, r: ClusterReal): Promise<void> {
    const answers = this.claims.map(([k, f]) => r.ledger.claim(k, f));
    r.channel.deliver(this.order);
    const expected = this.claims.map(([k, f]) => modelClaim(m, k, f));
    expect(await Promise.all(answers)).toEqual(expected);
    expect(r.channel.primary.size).toBe(m.spent.length);
    expect(r.channel.primary.refused).toBe(m.refused);
  }
  toString = () => `batch(${JSON.stringify(this.claims)}, order ${JSON.stringify(this.order)})`;
}

describe("ReplayGuard (model-based)", () => {
  it("accepts a first use or the same step again, refuses another step, and forgets the oldest past capacity", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.commands([fc.tuple(keyArb, fingerprintArb).map(([k, f]) => new Claim(k, f))], { maxCommands: 40 }),
        (capacity, cmds) => {
          const model: Model = { capacity, spent: [], refused: 0 };
          fc.modelRun(() => ({ model, real: new ReplayGuard(capacity) }), cmds);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("forgets exactly the oldest claim once over capacity (shrunk case)", () => {
    const guard = new ReplayGuard(2);
    expect(guard.claim("a", "x")).toBe(true);
    expect(guard.claim("b", "x")).toBe(true);
    expect(guard.claim("c", "x")).toBe(true);
    expect(guard.claim("b", "y")).toBe(false);
    expect(guard.claim("a", "y")).toBe(true);
    expect([guard.size, guard.refused]).toEqual([2, 1]);
  });
});

describe("ClusterLedger (model-based)", () => {
  it("answers each concurrent claim with the primary's verdict for it, whatever order the replies arrive in", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.commands(
          [
            fc
              .tuple(
                fc.array(fc.tuple(keyArb, fingerprintArb), { minLength: 1, maxLength: 5 }),
                fc.array(fc.nat(5), { maxLength: 5 }),
              )
              .map(([claims, order]) => new ClaimBatch(claims, order)),
          ],
          { maxCommands: 12 },
        ),
        async (capacity, cmds) => {
          const channel = new FakeChannel(new ReplayGuard(capacity));
          const ledger = new ClusterLedger(channel as unknown as NodeJS.Process);
          const model: Model = { capacity, spent: [], refused: 0 };
          await fc.asyncModelRun(() => ({ model, real: { ledger, channel } }), cmds);
        },
      ),
      { numRuns: 60 },
    );
  });
});
