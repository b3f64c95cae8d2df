// A scripted stand-in for a chat model on the natural surface, to measure what the prompt's guidance
// (CollaborationEnvOptions.guidance) does to the acts the parser credits. Each agent means to share up to two of
// its own ratings, sometimes ask for one it lacks, and propose in the last round. Like an instruction-following
// model it copies the quoted example forms it finds in the system prompt; without them it writes in a "house
// style" of its own, drawn per agent from forms LLMs use (tables, JSON, "scores 4 on", "strong on X (4)",
// "roughly 4", ...), some of which the grammar reads and some it does not, sometimes after a <think> block.
// Not a model: the figures compare the two prompts on the same intentions, nothing more.

/** sfc32-free tiny PRNG (mulberry32): the writer must be reproducible on its own. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUSE = [
  {
    share: (o, a, l) => `${o} scores ${l} on ${a}.`,
    ask: (o, a) => `Does anyone know ${o}'s ${a}?`,
    propose: (o) => `I think we should go with ${o}.`,
  },
  {
    share: (o, a, l) => `For ${o}: ${a} is ${l}.`,
    ask: (o, a) => `Any info on ${a} for ${o}?`,
    propose: (o) => `${o} seems strongest overall.`,
  },
  {
    share: (o, a, l) => `${o} is strong on ${a} (${l}).`,
    ask: (o, a) => `Could someone share ${o}'s ${a}?`,
    propose: (o) => `My pick: ${o}.`,
  },
  {
    share: (o, a, l) => `I'd put ${o}'s ${a} at roughly ${l}.`,
    ask: (o, a) => `What about ${o} on ${a}?`,
    propose: (o) => `Let's lock in ${o}.`,
  },
  {
    share: (o, a, l) => `**${o}** — ${a}: ${l}`,
    ask: (o, a) => `Question for the team: what is the ${a} of ${o}?`,
    propose: (o) => `Final answer from me: ${o}.`,
  },
  {
    share: (o, a, l) => `${JSON.stringify({ act: "share", option: o, attribute: a, level: l })}`,
    ask: (o, a) => `${JSON.stringify({ act: "ask", option: o, attribute: a })}`,
    propose: (o) => `${JSON.stringify({ act: "propose", option: o })}`,
  },
  {
    share: (o, a, l) => `${o} has a rating of ${l} in ${a}.`,
    ask: (o, a) => `I'm curious how ${o} does on ${a}.`,
    propose: (o) => `I'm leaning towards ${o}.`,
  },
  {
    share: (o, a, l) => `${a} at ${o} looks like a ${l}, I think.`,
    ask: (o, a) => `Not sure about ${o}'s ${a} yet.`,
    propose: (o) => `${o} could be the one.`,
  },
];

/** The forms the system prompt shows by example, as writers, or null when it shows none. */
function guidedForms(system, task) {
  const o = task.domain.options[0];
  const a = task.domain.attributes[0];
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const share = new RegExp(`"${esc(o)} has ${esc(a)} (-?\\d+)\\."`).exec(system);
  const ask = new RegExp(`"What is the ${esc(a)} of ${esc(o)}\\?"`).exec(system);
  const propose = new RegExp(`"I propose ${esc(o)}\\."`).exec(system);
  if (share === null || ask === null || propose === null) return null;
  return {
    share: (o2, a2, l) => `${o2} has ${a2} ${l}.`,
    ask: (o2, a2) => `What is the ${a2} of ${o2}?`,
    propose: (o2) => `I propose ${o2}.`,
  };
}

/**
 * A Policy writing LLM-style natural messages; `intended` maps each message text to the acts the writer meant
 * (names resolved to indices), for scoring what the parser credited.
 */
export function llmStyleWriter(seed) {
  const random = rng(seed);
  const intended = new Map();
  const policy = {
    name: "llm-style-writer",
    intended,
    async act(batch) {
      return batch.map((o) => {
        const { options, attributes } = o.task.domain;
        if (o.phase !== "discuss") return { text: `I choose ${options[0]}.` };
        const forms = guidedForms(o.chat[0].content, o.task) ?? HOUSE[(seed * 7 + o.agent) % HOUSE.length];
        const acts = [];
        const parts = [];
        const cells = [...o.ownCells].sort(() => random() - 0.5).slice(0, 2);
        for (const [opt, att, lvl] of cells) {
          acts.push({ kind: "share", option: opt, attribute: att, level: lvl });
          parts.push(forms.share(options[opt], attributes[att], lvl));
        }
        if (random() < 0.5) {
          const opt = Math.floor(random() * options.length);
          const att = Math.floor(random() * attributes.length);
          if (!o.ownCells.some(([x, y]) => x === opt && y === att)) {
            acts.push({ kind: "ask", option: opt, attribute: att });
            parts.push(forms.ask(options[opt], attributes[att]));
          }
        }
        if (o.round === o.task.rounds - 1) {
          const opt = cells[0]?.[0] ?? 0;
          acts.push({ kind: "propose", option: opt });
          parts.push(forms.propose(options[opt]));
        }
        const think = random() < 0.3 ? `<think>Let me see. ${parts.join(" ")}</think>\n` : "";
        const text =
          acts.length === 0 ? "Nothing to add." : `${think}${random() < 0.5 ? "Sure! " : ""}${parts.join("\n")}`;
        intended.set(text, acts.length === 0 ? [{ kind: "pass" }] : acts);
        return { text };
      });
    },
  };
  return policy;
}

const key = (a) => JSON.stringify(a);

/**
 * Precision and recall of the acts the env credited (the trace's parsed acts) against what the scripted writers
 * meant, over `episodes` natural-surface episodes across domains, with the prompt's guidance on or off.
 */
export async function measureGuidance({ runEpisodes, generateTask, domainNames, guidance, episodes }) {
  const tasks = Array.from({ length: episodes }, (_, k) =>
    generateTask({ family: "hiddenProfile", seed: 1000 + k, domain: domainNames[k % domainNames.length] }),
  );
  let taken = 0;
  let right = 0;
  let meant = 0;
  for (let k = 0; k < tasks.length; k++) {
    const writer = llmStyleWriter(k + 1);
    const [trace] = await runEpisodes([tasks[k]], writer, { surface: "natural", guidance });
    for (const m of trace.messages) {
      const want = (writer.intended.get(m.text) ?? []).map(key);
      const got = m.parseError === undefined ? m.acts.map(key) : [];
      meant += want.length;
      taken += got.length;
      const pool = [...want];
      for (const g of got) {
        const at = pool.indexOf(g);
        if (at >= 0) {
          pool.splice(at, 1);
          right++;
        }
      }
    }
  }
  return { precision: taken === 0 ? 1 : right / taken, recall: meant === 0 ? 1 : right / meant, meant, episodes };
}
