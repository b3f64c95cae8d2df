import { cosirPreset } from "@cosir/rewards";
import type { Task } from "@cosir/env";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../server/http-error";
import { oracleEpisode } from "../test/oracle-steps";
import { StatelessEpisodes } from "./stateless-episodes";

// Model-based test of the stateless episode service as the step route drives it (open, claim, step, seal):
// the model keeps every token handed out (the step it stands at and when it was issued) and which step each
// state was spent on; the real side only ever sees tokens.

const SECRET = "model-secret-0123456789";
const TTL_SECONDS = 5;
const ID = "ep-model";
let task: Task;
let steps: [number, string][];

beforeAll(async () => {
  ({ task, steps } = await oracleEpisode("hiddenProfile", 3, "canonical", { agents: 3, rounds: 2 }));
});

interface Issued {
  token: string;
  at: number;
  iat: number;
}

interface Model {
  now: number;
  issued: Issued[];
  /** Step number -> fingerprint of the step its state was spent on. */
  spent: Map<number, string>;
}

interface Real {
  episodes: StatelessEpisodes;
  clock: { now: number };
}

const fresh = (m: Readonly<Model>, issued: Issued) => m.now - issued.iat < TTL_SECONDS * 1000;

/** What the service answers for a token: an HttpError's status, or the entry's step count. */
async function attempt(r: Real, id: string, token: string, text?: string): Promise<number | HttpError> {
  try {
    const entry = await r.episodes.open(id, token, "body.state");
    const env = entry.env;
    if (text !== undefined && !env.done) {
      await r.episodes.claim(entry, { agent: env.agentSelection ?? 0, text }, "body.state");
    }
    return env.trace().preChoices.length + env.trace().messages.length + env.trace().choices.length;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

/** Steps the newest token with the oracle's next step, as the route does, and keeps the new token. */
class Advance implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.issued.length <= steps.length && fresh(m, m.issued[m.issued.length - 1]!);
  async run(m: Model, r: Real): Promise<void> {
    const at = m.issued.length - 1;
    const [agent, text] = steps[at]!;
    const fingerprint = `${agent}\u0000${text}`;
    const entry = await r.episodes.open(ID, m.issued[at]!.token, "body.state");
    expect(entry.env.agentSelection).toBe(agent);
    const spentOn = m.spent.get(at);
    const claim = r.episodes.claim(entry, { agent, text }, "body.state");
    if (spentOn !== undefined && spentOn !== fingerprint) {
      await expect(claim).rejects.toMatchObject({ status: 409, code: "state_replayed" });
      return;
    }
    await claim;
    m.spent.set(at, fingerprint);
    entry.env.step(text);
    m.issued.push({ token: r.episodes.seal(entry), at: at + 1, iat: m.now });
  }
  toString = () => "advance";
}

/** Sends an old token with another text: a fork, allowed only if that state was never spent on another step. */
class Fork implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly k: number,
    readonly text: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const issued = m.issued[this.k % m.issued.length]!;
    const got = await attempt(r, ID, issued.token, this.text);
    if (!fresh(m, issued)) return expectStatus(got, 410, "state_expired");
    if (issued.at >= steps.length) return expect(got).toBe(steps.length);
    const agent = steps[issued.at]![0];
    const fingerprint = `${agent}\u0000${this.text}`;
    const spentOn = m.spent.get(issued.at);
    if (spentOn !== undefined && spentOn !== fingerprint) return expectStatus(got, 409, "state_replayed");
    m.spent.set(issued.at, fingerprint);
    expect(got).toBe(issued.at);
  }
  toString = () => `fork(#${this.k}, ${JSON.stringify(this.text)})`;
}

/** A token with one character changed, or used on another episode's route. */
class Misuse implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly k: number,
    readonly how: "forge" | "foreign",
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const issued = m.issued[this.k % m.issued.length]!;
    if (this.how === "foreign") {
      const got = await attempt(r, "ep-other", issued.token);
      return fresh(m, issued) ? expectStatus(got, 409, "state_mismatch") : expectStatus(got, 410, "state_expired");
    }
    // One character of the sealed bytes changed (well inside, so it changes whole bytes of ciphertext).
    const at = Math.floor(issued.token.length / 2);
    const forged = `${issued.token.slice(0, at)}${issued.token[at] === "A" ? "B" : "A"}${issued.token.slice(at + 1)}`;
    expectStatus(await attempt(r, ID, forged), 403, "state_forged");
  }
  toString = () => `${this.how}(#${this.k})`;
}

class Tick implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    m.now += this.ms;
    r.clock.now += this.ms;
  }
  toString = () => `tick(${this.ms})`;
}

function expectStatus(got: number | HttpError, status: number, code?: string): void {
  expect(got).toBeInstanceOf(HttpError);
  expect((got as HttpError).status).toBe(status);
  if (code !== undefined) expect((got as HttpError).code).toBe(code);
}

const commands = [
  fc.constant(new Advance()),
  fc.constant(new Advance()),
  fc.tuple(fc.nat(20), fc.constantFrom("PASS", "CHOOSE o0", "SHARE o0 a0 1")).map(([k, t]) => new Fork(k, t)),
  fc.tuple(fc.nat(20), fc.constantFrom("forge" as const, "foreign" as const)).map(([k, h]) => new Misuse(k, h)),
  fc.integer({ min: 1, max: 3000 }).map((ms) => new Tick(ms)),
];

describe("StatelessEpisodes (model-based)", () => {
  it("rebuilds any fresh token, spends each state on one step only, and refuses forged, foreign and old ones", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const clock = { now: 1_000_000 };
        const episodes = new StatelessEpisodes({
          stateSecret: SECRET,
          ttlSeconds: TTL_SECONDS,
          maxEpisodes: 4,
          now: () => clock.now,
        });
        const entry = episodes.create(ID, task, "canonical", cosirPreset, "cosir");
        const model: Model = {
          now: clock.now,
          issued: [{ token: episodes.seal(entry), at: 0, iat: clock.now }],
          spent: new Map(),
        };
        await fc.asyncModelRun(() => ({ model, real: { episodes, clock } }), cmds);
      }),
      { numRuns: 40 },
    );
  });
});
