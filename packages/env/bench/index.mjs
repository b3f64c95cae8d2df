// @cosir/env benchmarks: how well the natural-surface parser reads LLM-style messages. Precision (acts
// taken that a careful reader takes too) and recall (labelled acts the parser takes) on the hand-labelled
// corpus fixtures/natural-corpus.json, and the parser's throughput on it against a plain word split of the
// same texts measured in the same run.
// Run: pnpm --filter @cosir/env build && node ../../scripts/bench.mjs --filter env
import { domainNames, generateTask, parseNatural, runEpisodes } from "../dist/index.js";
import { measureGuidance } from "./llm-style-writer.mjs";
import { loadNaturalCorpus, scoreNaturalCorpus } from "./score-natural-corpus.mjs";

export default async function bench({ report, quick }) {
  const corpus = loadNaturalCorpus();
  const score = scoreNaturalCorpus(corpus, { parse: parseNatural, generateTask });
  const note = `${score.messages} messages, ${score.labelled} labelled acts, ${score.taken} taken`;
  report({ name: "natural corpus precision", value: score.precision, unit: "fraction", note });
  report({ name: "natural corpus recall", value: score.recall, unit: "fraction", note });
  for (const miss of score.wrong) console.error(`wrong: ${JSON.stringify(miss)}`);
  // per batch: "before" is the figure the grammar had when the batch was written (fixtures: batches), the
  // baseline; held-out batches were never tuned on
  for (const [batch, g] of Object.entries(score.byBatch)) {
    const recorded = corpus.batches?.[batch];
    const held = recorded?.heldOut ? ", held out" : "";
    const n = `${g.messages} messages, ${g.labelled} labelled acts${held}`;
    for (const figure of ["precision", "recall"])
      report({
        name: `natural corpus ${figure} [batch ${batch}]`,
        value: g[figure],
        unit: "fraction",
        note: recorded ? `${n}; before its rules ${recorded.before[figure]}` : n,
        ...(recorded ? { baseline: recorded.before[figure] } : {}),
      });
  }
  // per style (the tuned corpus's styles and the new ones: think, table, number, respectively, addressed, ...)
  for (const [style, g] of Object.entries(score.byStyle))
    for (const figure of ["precision", "recall"])
      report({
        name: `natural corpus ${figure} [style ${style}]`,
        value: g[figure],
        unit: "fraction",
        note: `${g.messages} messages, ${g.labelled} labelled acts`,
      });

  // per style on each tuned batch that recorded its per-style figures before its rules (fresh25): the figure now
  // beside the one before (the baseline), what its rules gained (a held-out batch is printed per style below)
  for (const [name, recorded] of Object.entries(corpus.batches ?? {})) {
    if (recorded.beforeByStyle === undefined || recorded.heldOut === true) continue;
    const batch = scoreNaturalCorpus(corpus, { parse: parseNatural, generateTask, only: (m) => m.batch === name });
    const held = ", tuned on";
    for (const [style, g] of Object.entries(batch.byStyle))
      for (const figure of ["precision", "recall"])
        report({
          name: `natural corpus ${figure} [batch ${name}, style ${style}]`,
          value: g[figure],
          unit: "fraction",
          note: `${g.messages} messages, ${g.labelled} labelled acts${held}; baseline = before its rules`,
          ...(recorded.beforeByStyle[style] ? { baseline: recorded.beforeByStyle[style][figure] } : {}),
        });
  }

  // per style on the unseen batch (the last held-out one, written after every rule and never tuned on): the
  // issue's target is p >= 0.99 and r >= 0.90 here, per style and overall
  const unseen = Object.entries(corpus.batches ?? {})
    .filter(([, b]) => b.heldOut === true)
    .map(([name]) => name)
    .pop();
  if (unseen !== undefined) {
    const batch = scoreNaturalCorpus(corpus, { parse: parseNatural, generateTask, only: (m) => m.batch === unseen });
    for (const [style, g] of Object.entries(batch.byStyle))
      for (const figure of ["precision", "recall"])
        report({
          name: `natural corpus ${figure} [unseen ${unseen}, style ${style}]`,
          value: g[figure],
          unit: "fraction",
          note: `${g.messages} messages, ${g.labelled} labelled acts; target ${figure === "precision" ? 0.99 : 0.9}`,
        });
  }

  // the natural surface's prompt guidance, on scripted LLM-style writers (bench/llm-style-writer.mjs): the same
  // intentions written after a prompt with the example forms and after one without (the baseline)
  const episodes = quick ? 8 : 60;
  const on = await measureGuidance({ runEpisodes, generateTask, domainNames, guidance: true, episodes });
  const off = await measureGuidance({ runEpisodes, generateTask, domainNames, guidance: false, episodes });
  for (const figure of ["precision", "recall"])
    report({
      name: `scripted LLM-style writers ${figure}, guidance on`,
      value: on[figure],
      unit: "fraction",
      baseline: off[figure],
      note: `${episodes} episodes, ${on.meant} meant acts (guidance off: ${off.meant}); baseline = guidance off`,
    });

  const tasks = new Map(
    Object.entries(corpus.tasks).map(([name, options]) => [name, corpus.heldOutTasks[name] ?? generateTask(options)]),
  );
  const items = corpus.messages.map((m) => [m.text, tasks.get(m.task)]);
  const rounds = quick ? 3 : 30;
  const time = (fn) => {
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      for (const [text, task] of items) fn(text, task);
      best = Math.min(best, performance.now() - t0);
    }
    return best / 1000;
  };
  let sink = 0;
  const split = time((text) => {
    sink += text.toLowerCase().split(/\s+/).length;
  });
  const parse = time((text, task) => {
    sink += parseNatural(text, task).acts.length;
  });
  if (sink < 0) console.log(sink);
  report({
    name: "natural parse throughput",
    value: items.length / parse,
    unit: "messages/s",
    baseline: items.length / split,
    ratio: split / parse,
  });
}
