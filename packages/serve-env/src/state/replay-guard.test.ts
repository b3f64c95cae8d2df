import { EventEmitter } from "node:events";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ClusterLedger, type LedgerMessage } from "./cluster-ledger";
import { type ClaimVerdict, ReplayGuard, spentDigest } from "./replay-guard";

// Model-based tests: the spent-state ledger modelled as a plain list of {key, fingerprint, until}, a clock that
// only moves forward and one TTL, next to ReplayGuard (in-process) and ClusterLedger (a worker's view of a
// primary's ReplayGuard over IPC, replies delivered in any order). The model never forgets an unexpired record
// and answers "full" exactly when `capacity` unexpired records are held.

const TTL = 10;

interface Record {
  episode: string;
  step: number;
  fingerprint: string;
  until: number;
}

interface Model {
  capacity: number;
  now: number;
  spent: Record[];
  refused: number;
}

/** The model's answer to one claim (and its update). */
function modelClaim(m: Model, episode: string, step: number, fingerprint: string): ClaimVerdict {
  const until = m.now + TTL;
  const live = m.spent.filter((r) => r.until > m.now);
  const seen = live.find((r) => r.episode === episode && r.step === step);
  if (seen !== undefined && seen.fingerprint !== fingerprint) {
    m.refused++;
    return false;
  }
  if (seen !== undefined) seen.until = Math.max(seen.until, until);
  else {
    if (live.length >= m.capacity) return "full";
    m.spent = [...live, { episode, step, fingerprint, until }];
  }
  // Every later state of the episode recorded without a gap is kept as long.
  for (let j = step + 1; ; j++) {
    const later = m.spent.find((r) => r.episode === episode && r.step === j && r.until > m.now);
    if (later === undefined) break;
    later.until = Math.max(later.until, until);
  }
  return true;
}

const episodeArb = fc.constantFrom("ep1", "ep2", "ep3");
const stepArb = fc.integer({ min: 0, max: 3 });
const fingerprintArb = fc.constantFrom("0\u0000SHARE o0 a0 2", "1\u0000PASS", "0\u0000CHOOSE o1");

class Claim implements fc.Command<Model, { guard: ReplayGuard; clock: { now: number } }> {
  constructor(
    readonly episode: string,
    readonly step: number,
    readonly fingerprint: string,
  ) {}
  check = () => true;
  run(m: Model, r: { guard: ReplayGuard; clock: { now: number } }): void {
    const got = r.guard.claim(this.episode, this.step, this.fingerprint, r.clock.now + TTL);
    expect(got).toBe(modelClaim(m, this.episode, this.step, this.fingerprint));
    expect(r.guard.refused).toBe(m.refused);
  }
  toString = () => `claim(${this.episode}, ${this.step}, ${JSON.stringify(this.fingerprint)})`;
}

class Tick implements fc.Command<Model, { guard: ReplayGuard; clock: { now: number } }> {
  constructor(readonly by: number) {}
  check = () => true;
  run(m: Model, r: { guard: ReplayGuard; clock: { now: number } }): void {
    m.now += this.by;
    r.clock.now += this.by;
  }
  toString = () => `tick(${this.by})`;
}

/** A worker's IPC channel wired to a primary's ReplayGuard; replies are held until `deliver`. */
class FakeChannel extends EventEmitter {
  readonly held: LedgerMessage[] = [];
  constructor(readonly primary: ReplayGuard) {
    super();
  }
  send(message: LedgerMessage): boolean {
    if (message.type === "claim")
      this.held.push({
        type: "claimed",
        n: message.n,
        ok: this.primary.claim(message.episode, message.step, message.fingerprint, message.until),
      });
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
    readonly claims: [string, number, string][],
    readonly order: number[],
  ) {}
  check = () => true;
  async run(m: Model, r: ClusterReal): Promise<void> {
    const answers = this.claims.map(([e, s, f]) => r.ledger.claim(e, s, f, m.now + TTL));
    r.channel.deliver(this.order);
    // The primary digests the fingerprint the worker digested: the model compares digests of digests.
    const expected = this.claims.map(([e, s, f]) => modelClaim(m, e, s, spentDigest(f)));
    expect(await Promise.all(answers)).toEqual(expected);
    expect(r.channel.primary.refused).toBe(m.refused);
  }
  toString = () => `batch(${JSON.stringify(this.claims)}, order ${JSON.stringify(this.order)})`;
}

describe("ReplayGuard (model-based)", () => {
  it("never forgets an unexpired state, refuses another step on it, and answers full rather than evicting", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.commands(
          [
            fc.tuple(episodeArb, stepArb, fingerprintArb).map(([e, s, f]) => new Claim(e, s, f)),
            fc.integer({ min: 1, max: 12 }).map((by) => new Tick(by)),
          ],
          { maxCommands: 40 },
        ),
        (capacity, cmds) => {
          const clock = { now: 0 };
          const model: Model = { capacity, now: 0, spent: [], refused: 0 };
          fc.modelRun(() => ({ model, real: { guard: new ReplayGuard(capacity, () => clock.now), clock } }), cmds);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps a spent state past any number of other claims within the TTL (issue 28: evicted after 40,140 steps)", () => {
    const clock = { now: 0 };
    const guard = new ReplayGuard(15_000, () => clock.now);
    expect(guard.claim("ep", 0, "0\u0000A", TTL)).toBe(true);
    let tried = 0;
    let full = 0;
    for (let k = 0; k < 20_000; k++) {
      tried++;
      if (guard.claim(`other${k}`, 0, "0\u0000A", TTL) === "full") full++;
    }
    console.log(`attack suite: replay after ledger pressure: ${tried} other steps claimed, ${full} refused as full`);
    expect(guard.claim("ep", 0, "0\u0000B", TTL)).toBe(false);
    expect(full).toBe(20_000 - 14_999);
    // Once the TTL has passed, every token of those states has expired: the room comes back.
    clock.now = TTL;
    expect(guard.claim("late", 0, "0\u0000A", 2 * TTL)).toBe(true);
  });

  it("keeps the later states' records as long as a chain of retried steps re-issues their tokens (shrunk case)", () => {
    const clock = { now: 0 };
    const guard = new ReplayGuard(8, () => clock.now);
    expect(guard.claim("e", 0, "0\u0000A", TTL)).toBe(true);
    expect(guard.claim("e", 1, "1\u0000B", TTL)).toBe(true);
    expect(guard.claim("e", 2, "2\u0000C", TTL)).toBe(true);
    clock.now = 9;
    // The first step retried: its answer carries a fresh token of state 1, valid until 19; retrying step 1
    // with it would give a fresh token of state 2.
    expect(guard.claim("e", 0, "0\u0000A", 9 + TTL)).toBe(true);
    clock.now = 15;
    expect(guard.claim("e", 1, "1\u0000X", 15 + TTL)).toBe(false);
    expect(guard.claim("e", 2, "2\u0000X", 15 + TTL)).toBe(false);
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
                fc.array(fc.tuple(episodeArb, stepArb, fingerprintArb), { minLength: 1, maxLength: 5 }),
                fc.array(fc.nat(5), { maxLength: 5 }),
              )
              .map(([claims, order]) => new ClaimBatch(claims, order)),
          ],
          { maxCommands: 12 },
        ),
        async (capacity, cmds) => {
          const channel = new FakeChannel(new ReplayGuard(capacity, () => 0));
          const ledger = new ClusterLedger(channel as unknown as NodeJS.Process);
          const model: Model = { capacity, now: 0, spent: [], refused: 0 };
          await fc.asyncModelRun(() => ({ model, real: { ledger, channel } }), cmds);
        },
      ),
      { numRuns: 60 },
    );
  });
});
