import type { CollaborationEnv } from "@cosir/env";
import { cosirPreset } from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EpisodeStore } from "./episode-store";

// Model-based test: a plain list of live episodes (insertion order) with their expiry and the step at which
// they were finished, next to the real store. Eviction in the model is "scan for the smallest finish step",
// independent of the store's two ordered maps.

interface ModelEpisode {
  id: string;
  expiresAt: number;
  finishedAt: number | undefined;
}

interface Model {
  now: number;
  ttl: number;
  max: number;
  live: ModelEpisode[];
  finishes: number;
  nextId: number;
  evicted: number;
  expired: number;
}

interface Real {
  store: EpisodeStore;
  clock: { now: number };
}

const fakeEnv = {} as CollaborationEnv;

function checkCounters(m: Model, r: Real): void {
  expect(r.store.size).toBe(m.live.length);
  expect(r.store.evicted).toBe(m.evicted);
  expect(r.store.expired).toBe(m.expired);
}

function modelSweep(m: Model): number {
  const before = m.live.length;
  m.live = m.live.filter((e) => e.expiresAt > m.now);
  const n = before - m.live.length;
  m.expired += n;
  return n;
}

class Add implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real): void {
    const id = `e${m.nextId++}`;
    if (m.live.length >= m.max) modelSweep(m);
    let refused = false;
    if (m.live.length >= m.max) {
      const finished = m.live.filter((e) => e.finishedAt !== undefined);
      if (finished.length === 0) refused = true;
      else {
        const oldest = finished.reduce((a, b) => (b.finishedAt! < a.finishedAt! ? b : a));
        m.live = m.live.filter((e) => e !== oldest);
        m.evicted++;
      }
    }
    const got = r.store.add({ id, env: fakeEnv, config: cosirPreset, responses: new Map() });
    if (refused) expect(got).toBeUndefined();
    else {
      expect(got).toMatchObject({ id, createdAt: m.now, expiresAt: m.now + m.ttl });
      m.live.push({ id, expiresAt: m.now + m.ttl, finishedAt: undefined });
    }
    checkCounters(m, r);
  }
  toString = () => "add";
}

class Get implements fc.Command<Model, Real> {
  constructor(readonly k: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const id = `e${this.k % Math.max(1, m.nextId)}`;
    const entry = m.live.find((e) => e.id === id);
    const got = r.store.get(id);
    if (entry === undefined) expect(got).toBeUndefined();
    else if (entry.expiresAt <= m.now) {
      expect(got).toBeUndefined();
      m.live = m.live.filter((e) => e !== entry);
      m.expired++;
    } else {
      entry.expiresAt = m.now + m.ttl;
      expect(got?.id).toBe(id);
      expect(got?.expiresAt).toBe(entry.expiresAt);
    }
    checkCounters(m, r);
  }
  toString = () => `get(e${this.k})`;
}

class Finish implements fc.Command<Model, Real> {
  constructor(readonly k: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const id = `e${this.k % Math.max(1, m.nextId)}`;
    const entry = m.live.find((e) => e.id === id);
    // Finishing twice keeps the first finish: the episode does not move to the back of the eviction queue.
    if (entry !== undefined && entry.finishedAt === undefined) entry.finishedAt = m.finishes++;
    r.store.finish(id);
    checkCounters(m, r);
  }
  toString = () => `finish(e${this.k})`;
}

class Sweep implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real): void {
    expect(r.store.sweep()).toBe(modelSweep(m));
    checkCounters(m, r);
  }
  toString = () => "sweep";
}

class Tick implements fc.Command<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    m.now += this.ms;
    r.clock.now += this.ms;
  }
  toString = () => `tick(${this.ms})`;
}

const commands = [
  fc.constant(new Add()),
  fc.nat(12).map((k) => new Get(k)),
  fc.nat(12).map((k) => new Finish(k)),
  fc.constant(new Sweep()),
  fc.integer({ min: 1, max: 60 }).map((ms) => new Tick(ms)),
];

describe("EpisodeStore (model-based)", () => {
  it("bounds live episodes: expiry renewed on use, expired swept first, then the oldest finished, else refuse", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 100 }),
        fc.commands(commands, { maxCommands: 40 }),
        (max, ttl, cmds) => {
          const clock = { now: 1_000 };
          const store = new EpisodeStore({ maxEpisodes: max, ttlMs: ttl, now: () => clock.now });
          const model: Model = { now: 1_000, ttl, max, live: [], finishes: 0, nextId: 0, evicted: 0, expired: 0 };
          fc.modelRun(() => ({ model, real: { store, clock } }), cmds);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("evicts the episode finished first, not the one added first (shrunk case)", () => {
    const clock = { now: 0 };
    const store = new EpisodeStore({ maxEpisodes: 2, ttlMs: 100, now: () => clock.now });
    const entry = (id: string) => ({ id, env: fakeEnv, config: cosirPreset, responses: new Map() });
    store.add(entry("a"));
    store.add(entry("b"));
    store.finish("b");
    store.finish("a");
    expect(store.add(entry("c"))).toBeDefined();
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")?.id).toBe("a");
    expect(store.add(entry("d"))).toBeDefined();
    expect(store.get("a")).toBeUndefined();
    expect(store.add(entry("e"))).toBeUndefined();
    expect(store.evicted).toBe(2);
  });
});
