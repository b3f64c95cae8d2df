// Scores a natural-surface parser on the labelled corpus (fixtures/natural-corpus.json): every act the
// parser takes is checked against the acts a careful reader takes, as multisets. Shared by the corpus
// test (src/messages/natural-corpus.test.ts) and `pnpm bench` (bench/index.mjs); the parser and the task
// generator are passed in so the test reads the sources and the bench the built package.
import { readFileSync } from "node:fs";

export function loadNaturalCorpus() {
  return JSON.parse(readFileSync(new URL("../fixtures/natural-corpus.json", import.meta.url), "utf8"));
}

function actKey(act) {
  switch (act.kind) {
    case "share":
      return `share ${act.option} ${act.attribute} ${act.level}`;
    case "ask":
      return act.to === undefined
        ? `ask ${act.option} ${act.attribute}`
        : `ask ${act.option} ${act.attribute} @${act.to}`;
    case "propose":
      return `propose ${act.option}`;
    default:
      return "pass";
  }
}

/** The corpus label's acts with names resolved to indices in the task. */
function labelledActs(label, domain) {
  const index = (list, name, field) => {
    const k = list.indexOf(name);
    if (k < 0) throw new Error(`corpus: unknown ${field} ${JSON.stringify(name)}`);
    return k;
  };
  return label.map((a) => {
    if (a.kind === "pass") return { kind: "pass" };
    const option = index(domain.options, a.option, "option");
    if (a.kind === "propose") return { kind: "propose", option };
    const attribute = index(domain.attributes, a.attribute, "attribute");
    if (a.kind === "share") return { kind: "share", option, attribute, level: a.level };
    const to = a.to === undefined ? undefined : Number(String(a.to).replace(/^Agent /, "")) - 1;
    return to === undefined ? { kind: "ask", option, attribute } : { kind: "ask", option, attribute, to };
  });
}

/**
 * Precision (right acts / acts taken) and recall (right acts / labelled acts) of `parse(text, task)` on the
 * corpus; a parse with `error` takes no act. Returns the figures and every message with a wrong or missed act.
 */
export function scoreNaturalCorpus(corpus, { parse, generateTask }) {
  const tasks = new Map(Object.entries(corpus.tasks).map(([name, options]) => [name, generateTask(options)]));
  let taken = 0;
  let right = 0;
  let labelled = 0;
  const wrong = [];
  const missed = [];
  for (const message of corpus.messages) {
    const task = tasks.get(message.task);
    if (task === undefined) throw new Error(`corpus: unknown task ${JSON.stringify(message.task)}`);
    const expected = labelledActs(message.acts, task.domain).map(actKey);
    const result = parse(message.text, task);
    const got = result.error === undefined ? result.acts.map(actKey) : [];
    const pool = [...expected];
    const extra = [];
    for (const key of got) {
      const at = pool.indexOf(key);
      if (at >= 0) pool.splice(at, 1);
      else extra.push(key);
    }
    taken += got.length;
    right += got.length - extra.length;
    labelled += expected.length;
    if (extra.length > 0) wrong.push({ text: message.text, expected, got });
    if (pool.length > 0) missed.push({ text: message.text, expected, got, unparsed: result.unparsed });
  }
  return {
    messages: corpus.messages.length,
    labelled,
    taken,
    right,
    precision: taken === 0 ? 1 : right / taken,
    recall: labelled === 0 ? 1 : right / labelled,
    wrong,
    missed,
  };
}
