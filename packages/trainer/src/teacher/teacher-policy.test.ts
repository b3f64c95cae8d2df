import { generateTask, randomTask, runEpisodes, type Task } from "@cosir/env";
import { cosirPreset, scoreEpisode } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { teacherPolicy } from "./teacher-policy";

describe("teacherPolicy (the SFT teacher)", async () => {
  const tasks = Array.from({ length: 40 }, (_, seed) => generateTask({ family: "random", seed }));
  const traces = await runEpisodes(tasks, teacherPolicy({ seed: 3 }), { surface: "canonical" });
  const scored = traces.map((t, k) => scoreEpisode(tasks[k] as Task, t, cosirPreset));

  it("is fluent: every message parses and every share is true", () => {
    for (const t of traces) for (const m of t.messages) expect(m.parseError).toBeUndefined();
    for (const s of scored) for (const m of s.messages) expect(m.terms.falseClaim).toBe(0);
  });

  it("shares about shareRate of its turns, asks seldom, and chooses what its own cells favour", () => {
    const messages = traces.flatMap((t) => t.messages);
    const sharing = messages.filter((m) => m.acts.some((a) => a.kind === "share")).length / messages.length;
    const asking = messages.filter((m) => m.acts.some((a) => a.kind === "ask")).length / messages.length;
    expect(sharing).toBeGreaterThan(0.35);
    expect(sharing).toBeLessThan(0.65);
    expect(asking).toBeLessThan(0.2);
    for (const s of scored) for (const a of s.agents) expect(a.choice).toBe(a.mapPrivate);
  });

  it("is deterministic given its seed, and the random-choice variant ignores the cells", async () => {
    const again = await runEpisodes(tasks, teacherPolicy({ seed: 3 }), { surface: "canonical" });
    expect(again).toEqual(traces);
    const random = await runEpisodes(tasks, teacherPolicy({ seed: 3, choice: "random" }), { surface: "canonical" });
    const differs = random.some((t, k) => t.choices.some((c, j) => c.choice !== traces[k]!.choices[j]!.choice));
    expect(differs).toBe(true);
  });
});

describe("teacherPolicy answers and two-act messages", async () => {
  const tasks = Array.from({ length: 60 }, (_, seed) => randomTask({ seed, visibility: 0.4 }));
  const plain = await runEpisodes(tasks, teacherPolicy({ seed: 5 }), { surface: "canonical" });
  const rich = await runEpisodes(tasks, teacherPolicy({ seed: 5, answerRate: 1, comboRate: 1, askRate: 0.3 }), {
    surface: "canonical",
  });
  const scored = rich.map((t, k) => scoreEpisode(tasks[k] as Task, t, cosirPreset));

  it("at rates 0 writes exactly what the plain teacher writes", async () => {
    const zero = await runEpisodes(tasks, teacherPolicy({ seed: 5, answerRate: 0, comboRate: 0 }), {
      surface: "canonical",
    });
    expect(zero).toEqual(plain);
  });

  it("stays fluent and truthful with two acts a message", () => {
    for (const t of rich) for (const m of t.messages) expect(m.parseError).toBeUndefined();
    for (const s of scored) for (const m of s.messages) expect(m.terms.falseClaim).toBe(0);
    const messages = rich.flatMap((t) => t.messages);
    const two = messages.filter((m) => m.acts.length === 2);
    expect(two.length).toBeGreaterThan(0);
    expect(two.some((m) => m.acts[0]?.kind === "share" && m.acts[1]?.kind === "ask")).toBe(true);
    expect(two.some((m) => m.acts[0]?.kind === "share" && m.acts[1]?.kind === "share")).toBe(true);
    // No message shares one cell twice, and shares come before asks.
    for (const m of two) {
      expect(m.acts.map((a) => a.kind)).not.toEqual(["ask", "share"]);
      if (m.acts[0]?.kind === "share" && m.acts[1]?.kind === "share")
        expect([m.acts[0].option, m.acts[0].attribute]).not.toEqual([m.acts[1].option, m.acts[1].attribute]);
    }
    // Every non-PASS message has two acts where a second one exists (comboRate 1).
    expect(messages.filter((m) => m.acts.length === 1 && m.acts[0]?.kind !== "pass").length).toBeLessThan(
      messages.length / 4,
    );
  });

  it("comboAsk sets how often a share's second act is an ask; 0.5 writes what the teacher wrote without it", async () => {
    const opts = { seed: 5, answerRate: 1, comboRate: 1, askRate: 0.3 };
    const half = await runEpisodes(tasks, teacherPolicy({ ...opts, comboAsk: 0.5 }), { surface: "canonical" });
    expect(half).toEqual(rich);
    // Second acts of share-first messages, by kind, with the speaker's count of own cells beside each.
    const seconds = (traces: typeof rich) => {
      const out: { kind: string; own: number; cells: number }[] = [];
      traces.forEach((t, k) => {
        const task = tasks[k] as Task;
        for (const m of t.messages)
          if (m.acts.length === 2 && m.acts[0]?.kind === "share")
            out.push({
              kind: m.acts[1]?.kind ?? "",
              own: (task.visibility[m.speaker] ?? []).length,
              cells: task.options * task.attributes,
            });
      });
      return out;
    };
    const count = (xs: { kind: string }[], kind: string) => xs.filter((x) => x.kind === kind).length;
    // No asks of its own (askRate 0), so every ask below is a share's second act.
    const run = async (comboAsk: number) =>
      seconds(await runEpisodes(tasks, teacherPolicy({ ...opts, askRate: 0, comboAsk }), { surface: "canonical" }));
    const [always, never, even] = [await run(1), await run(0), await run(0.5)];
    expect(count(always, "ask")).toBeGreaterThan(count(even, "ask"));
    expect(count(never, "share")).toBeGreaterThan(count(even, "share"));
    expect(count(even, "ask")).toBeGreaterThan(0);
    expect(count(even, "share")).toBeGreaterThan(0);
    // At 1 a share gains another share only where the speaker lacks no cell (nothing to ask for); at 0 it gains an
    // ask only where the speaker holds no other cell to share.
    for (const x of always) if (x.kind === "share") expect(x.own).toBe(x.cells);
    for (const x of never) if (x.kind === "ask") expect(x.own).toBe(1);
  });

  it("answers every open ASK for a cell it holds at answerRate 1 (oracle: a direct scan of the history)", () => {
    let open = 0;
    rich.forEach((trace, k) => {
      const task = tasks[k] as Task;
      trace.messages.forEach((m, t) => {
        const held = new Set(task.visibility[m.speaker] ?? []);
        // Cells asked of this speaker before turn t and not shared in between.
        const asked = new Set<number>();
        for (const prev of trace.messages.slice(0, t))
          for (const a of prev.acts) {
            const cell = a.kind === "share" || a.kind === "ask" ? a.option * task.attributes + a.attribute : -1;
            if (a.kind === "share") asked.delete(cell);
            if (
              a.kind === "ask" &&
              prev.speaker !== m.speaker &&
              (a.to === undefined || a.to === m.speaker) &&
              held.has(cell)
            )
              asked.add(cell);
          }
        if (asked.size === 0) return;
        open++;
        const shared = m.acts.filter((a) => a.kind === "share").map((a) => a.option * task.attributes + a.attribute);
        expect(shared.some((c) => asked.has(c))).toBe(true);
      });
    });
    expect(open).toBeGreaterThan(5);
  });
});
