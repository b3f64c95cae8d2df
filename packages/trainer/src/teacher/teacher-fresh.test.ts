import { cellIndex, mapAnswer } from "@cosir/bayes";
import { agentBeliefs, decisionModelForTask, randomTask, runEpisodes, type Task, type Trace } from "@cosir/env";
import { describe, expect, it } from "vitest";
import { teacherPolicy } from "./teacher-policy";

/** For each message, the cells some earlier message of the trace shared. */
function statedBefore(task: Task, trace: Trace): Set<number>[] {
  const stated = new Set<number>();
  return trace.messages.map((m) => {
    const before = new Set(stated);
    for (const act of m.acts)
      if (act.kind === "share") stated.add(cellIndex(act.option, act.attribute, task.attributes));
    return before;
  });
}

describe("teacherPolicy's fresh cells, answers and asks by name (issue 24)", async () => {
  const tasks = Array.from({ length: 60 }, (_, seed) => randomTask({ seed, visibility: 0.5, agents: 4, rounds: 3 }));
  const options = { seed: 9, shareRate: 0.6, askRate: 0.3, answerRate: 1, comboRate: 0.5 };
  const fresh = await runEpisodes(tasks, teacherPolicy({ ...options, fresh: true, askByName: 1 }), {
    surface: "canonical",
  });
  const plain = await runEpisodes(tasks, teacherPolicy(options), { surface: "canonical" });

  it("never shares or asks for a cell somebody has already stated, and asks only for cells it lacks", () => {
    let shares = 0;
    fresh.forEach((trace, k) => {
      const task = tasks[k] as Task;
      const before = statedBefore(task, trace);
      trace.messages.forEach((m, i) => {
        const own = new Set(task.visibility[m.speaker]);
        for (const act of m.acts) {
          if (act.kind !== "share" && act.kind !== "ask") continue;
          const cell = cellIndex(act.option, act.attribute, task.attributes);
          expect(before[i]?.has(cell), `${m.text} after ${[...(before[i] ?? [])]}`).toBe(false);
          if (act.kind === "share") {
            shares++;
            expect(own.has(cell)).toBe(true);
            expect(act.level).toBe(task.table[act.option]?.[act.attribute]);
          } else expect(own.has(cell)).toBe(false);
        }
      });
    });
    expect(shares).toBeGreaterThan(100);
  });

  it("the plain teacher repeats cells (what fresh removes), so the check above can fail", () => {
    const repeats = plain.reduce((n, trace, k) => {
      const before = statedBefore(tasks[k] as Task, trace);
      return (
        n +
        trace.messages.filter((m, i) =>
          m.acts.some(
            (a) =>
              a.kind === "share" && before[i]?.has(cellIndex(a.option, a.attribute, (tasks[k] as Task).attributes)),
          ),
        ).length
      );
    }, 0);
    expect(repeats).toBeGreaterThan(10);
  });

  it("chooses which cell at random: the first shares of one seat differ between seeds", async () => {
    const first = async (seed: number) =>
      (await runEpisodes(tasks, teacherPolicy({ ...options, seed, fresh: true }), { surface: "canonical" })).map(
        (t) => t.messages.find((m) => m.acts.some((a) => a.kind === "share"))?.text,
      );
    const a = await first(1);
    const b = await first(2);
    const differ = a.filter((x, k) => x !== b[k]).length;
    expect(differ).toBeGreaterThan(tasks.length / 4);
  });

  it("answers an open ask for a cell it holds (answerRate 1): its next message shares one of the cells asked", () => {
    let answered = 0;
    fresh.forEach((trace, k) => {
      const task = tasks[k] as Task;
      trace.messages.forEach((m, i) => {
        // Asks to anyone or to this speaker, by a teammate, for a cell it holds, not shared since.
        // A cell stated before is never answered again (fresh), even when asked again.
        const open = new Set<number>();
        const stated = new Set<number>();
        for (const before of trace.messages.slice(0, i))
          for (const a of before.acts) {
            if (a.kind !== "share" && a.kind !== "ask") continue;
            const cell = cellIndex(a.option, a.attribute, task.attributes);
            if (a.kind === "share") {
              open.delete(cell);
              stated.add(cell);
            } else if (before.speaker !== m.speaker && (a.to ?? m.speaker) === m.speaker && !stated.has(cell)) {
              if ((task.visibility[m.speaker] ?? []).includes(cell)) open.add(cell);
            }
          }
        if (open.size === 0) return;
        const first = m.acts[0];
        expect(first?.kind, m.text).toBe("share");
        if (first?.kind === "share")
          expect(open.has(cellIndex(first.option, first.attribute, task.attributes))).toBe(true);
        answered++;
      });
    });
    expect(answered).toBeGreaterThan(20);
  });

  it("names a teammate in every ask at askByName 1, never itself, and no one at 0", () => {
    const asks = (traces: Trace[]) => traces.flatMap((t) => t.messages.flatMap((m) => m.acts.map((a) => ({ m, a }))));
    const named = asks(fresh).filter(({ a }) => a.kind === "ask");
    expect(named.length).toBeGreaterThan(20);
    for (const { m, a } of named) {
      expect(a.kind === "ask" && a.to !== undefined && a.to !== m.speaker && a.to >= 0 && a.to < 4).toBe(true);
    }
    for (const { a } of asks(plain)) if (a.kind === "ask") expect(a.to).toBeUndefined();
  });

  it("with the scratchpad choice writes TALLY values in 0..100 and chooses their argmax", async () => {
    const traces = await runEpisodes(tasks, teacherPolicy({ ...options, fresh: true, choice: "scratchpad" }), {
      surface: "canonical",
    });
    let map = 0;
    let n = 0;
    traces.forEach((trace, k) => {
      const task = tasks[k] as Task;
      for (const c of trace.choices) {
        const words = c.text.split(" ");
        expect(words[0]).toBe("TALLY");
        const values = words
          .slice(2, -2)
          .filter((_, i) => i % 2 === 0)
          .map(Number);
        expect(values).toHaveLength(task.options);
        for (const v of values) expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true);
        expect(c.choice).toBe(values.indexOf(Math.max(...values)));
        n++;
        if (
          c.choice === mapAnswer(decisionModelForTask(task).posterior(agentBeliefs(task, c.agent, trace.messages)).pmf)
        )
          map++;
      }
    });
    expect(map / n).toBeGreaterThan(0.9);
  });
});
