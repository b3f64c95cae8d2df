/**
 * Normalisation for matching option names as people type them: NFKD with combining marks removed,
 * apostrophes (straight and curly) dropped so "Alpha's" = "Alphas", lower case, every other run of
 * characters that are not letters or digits turned into one space, trimmed.
 */
export function normaliseOptionText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/['\u2018\u2019\u02bc`]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The spellings that name option k: the option itself, and the option without a parenthetical label
 * ("Deep Jungle Site (A)" -> "Deep Jungle Site") or a leading "Option A:" label. A spelling shared by
 * two options names neither.
 */
function optionSpellings(answers: readonly string[], labels: readonly string[] | null = null): string[][] {
  const extra = labelSpellings(answers, labels);
  const raw = answers.map((a, k) => {
    const s = new Set<string>([normaliseOptionText(a)]);
    const noParen = a.replace(/\s*[([][^)\]]*[)\]]\s*/g, " ");
    s.add(normaliseOptionText(noParen));
    const noPrefix = a.replace(/^\s*(option|choice|answer)?\s*[A-Za-z0-9]\s*[:).-]\s+/i, "");
    s.add(normaliseOptionText(noPrefix));
    for (const x of extra[k] ?? []) s.add(x);
    s.delete("");
    return [...s];
  });
  const owners = new Map<string, Set<number>>();
  raw.forEach((spellings, k) => {
    for (const s of spellings) owners.set(s, new Set([...(owners.get(s) ?? []), k]));
  });
  return raw.map((spellings) => spellings.filter((s) => owners.get(s)?.size === 1));
}

// An option's label: leading "A)", "(A)", "A.", "A:", "Option A:", "1." or trailing "(A)", "(Site A)", "[2]".
const LEADING_LABEL = /^\s*(?:(?:option|choice|answer)\s+)?\(?([A-Za-z]|\d{1,2})\s*[).:\]-]\s+\S/i;
const TRAILING_LABEL = /[([]\s*(?:([A-Za-z]+)\s+)?([A-Za-z]|\d{1,2})\s*[)\]]\s*$/;

/**
 * The label of each option ("a", "b", "1", lower case) when every option carries one and no two share
 * it; else null (the options are not lettered or numbered, so a letter names nothing).
 */
export function optionLabels(answers: readonly string[]): string[] | null {
  const labels = answers.map((a) => {
    const lead = LEADING_LABEL.exec(a);
    if (lead !== null) return (lead[1] as string).toLowerCase();
    const trail = TRAILING_LABEL.exec(a);
    return trail === null ? null : (trail[2] as string).toLowerCase();
  });
  if (labels.some((l) => l === null) || new Set(labels).size !== labels.length) return null;
  return labels as string[];
}

/** The spellings a label adds: "option c", "choice c", "answer c" and the parenthetical's own word ("site c"). */
function labelSpellings(answers: readonly string[], labels: readonly string[] | null): string[][] {
  if (labels === null) return answers.map(() => []);
  return answers.map((a, k) => {
    const l = labels[k] as string;
    const word = TRAILING_LABEL.exec(a)?.[1];
    return [
      `option ${l}`,
      `choice ${l}`,
      `answer ${l}`,
      ...(word !== undefined ? [normaliseOptionText(`${word} ${l}`)] : []),
    ];
  });
}

interface Mention {
  option: number;
  start: number;
  end: number;
}

/** Every non-overlapping mention of an option in normalised text, longest spelling first. */
function mentions(t: string, spellings: readonly string[][]): Mention[] {
  const all: Mention[] = [];
  const padded = ` ${t} `;
  spellings.forEach((list, option) => {
    for (const s of list) {
      let from = 0;
      for (;;) {
        const at = padded.indexOf(` ${s} `, from);
        if (at < 0) break;
        all.push({ option, start: at, end: at + s.length });
        from = at + 1;
      }
    }
  });
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Mention[] = [];
  for (const m of all) if (!kept.some((k) => m.start < k.end && k.start < m.end)) kept.push(m);
  return kept.sort((a, b) => a.start - b.start);
}

// Words that introduce a vote (normalised text, apostrophes removed): "I vote for X", "my final answer: X".
const VOTE_PHRASE =
  /(?:^| )(?:(?:i|we|id|ill|wed|well|ive) (?:(?:still|now|would|will|should|must|shall|also) )*(?:vote|choose|pick|select|go with|back|support|recommend)|(?:my|our) (?:(?:final|updated|new|initial) )?(?:vote|choice|answer|pick|decision|recommendation)(?: (?:is|remains|stays|goes to|would be|will be))?|(?:final )?(?:vote|answer|choice|decision)|vote for|voting for|going with|i am going with|im going with)(?: (?:for|is|to|the|option|on))* $/;
// Words before a mention that rule it out: "not X", "rather than X", "rule out X".
const NEGATED_BEFORE =
  / (?:not|no|never|against|avoid|avoiding|exclude|excluding|than|rule out|ruling out|eliminate|eliminating|instead of|except|but not|reject|rejecting|dismiss)(?: the| option)? $/;
// Words after a mention that rule it out: "X is ruled out", "X isn't safe".
const NEGATED_AFTER =
  /^ (?:(?:is|was|seems|looks|has been|gets|got|are|should be) )?(?:ruled out|out|excluded|eliminated|wrong|incorrect|not|isnt|wasnt|unsafe|unsuitable|inaccessible|blocked|closed|impossible|off the table|a bad|the wrong|too risky|risky|dangerous|compromised)(?: |$)/;

function negated(t: string, m: Mention): boolean {
  const padded = ` ${t} `;
  const before = padded.slice(Math.max(0, m.start - 30), m.start + 1);
  const after = padded.slice(m.end + 1, m.end + 40);
  return NEGATED_BEFORE.test(before) || NEGATED_AFTER.test(after);
}

// A bare label right after a vote word, the label upper case (or a number) and ending the clause:
// "My final answer: D", "I'm going with C.", "vote - 2 because ...".
const LABEL_VOTE =
  /\b(?:answer|vote|choice|pick|decision|with|choose|select|for)\s*(?:is\s+|would be\s+|will be\s+|remains\s+)?[:=-]?\s*\(?([A-Z]|\d{1,2})\)?(?=\s*$|[.,;:!)]|\s+(?:because|since|as)\b|\s+[-\u2013\u2014])/gi;

/** The options named by a bare label after a vote word (raw text: the case of the label matters). */
function labelVotes(text: string, labels: readonly string[] | null): number[] {
  if (labels === null) return [];
  const out: number[] = [];
  for (const m of text.matchAll(LABEL_VOTE)) {
    const l = m[1] as string;
    if (/[a-z]/.test(l)) continue; // "for a while": a lower-case letter is a word, not a label
    const k = labels.indexOf(l.toLowerCase());
    if (k >= 0) out.push(k);
  }
  return out;
}

/** The option a piece of plain text names, without looking for JSON. */
function voteInText(
  text: string,
  spellings: readonly string[][],
  labels: readonly string[] | null = null,
): number | null {
  const t = normaliseOptionText(text);
  if (t === "") return null;
  const exact = spellings.findIndex((list) => list.includes(t));
  if (exact >= 0) return exact;
  // the whole text is a label: {"vote": "C"}, "(C)", "2"
  if (labels?.includes(t)) return labels.indexOf(t);
  const found = mentions(t, spellings);
  if (found.length === 0) {
    const byLabel = labelVotes(text, labels);
    return byLabel.length > 0 ? (byLabel[byLabel.length - 1] as number) : null;
  }
  const padded = ` ${t} `;
  // an explicit vote phrase right before a mention; the last such phrase wins (the final word)
  const phrased = found.filter((m) => VOTE_PHRASE.test(padded.slice(Math.max(0, m.start - 60), m.start + 1)));
  const phrasedOptions = new Set(phrased.map((m) => m.option));
  if (phrasedOptions.size === 1) return phrased[0]?.option ?? null;
  if (phrasedOptions.size > 1) return phrased[phrased.length - 1]?.option ?? null;
  const byLabel = labelVotes(text, labels);
  if (byLabel.length > 0) return byLabel[byLabel.length - 1] as number;
  // otherwise only if exactly one option is named without being ruled out
  const open = new Set(found.filter((m) => !negated(t, m)).map((m) => m.option));
  if (open.size === 1) return [...open][0] as number;
  return null;
}

/** Every top-level {...} block of `text` that parses as a JSON object. */
function jsonObjects(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = text.indexOf("{"); i >= 0 && i < text.length; i = text.indexOf("{", i + 1)) {
    let depth = 0;
    let inString = false;
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (inString) {
        if (c === "\\") j++;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) {
        try {
          const v = JSON.parse(text.slice(i, j + 1)) as unknown;
          if (v !== null && typeof v === "object" && !Array.isArray(v)) {
            out.push(v as Record<string, unknown>);
            i = j;
          }
        } catch {
          // not JSON: keep scanning from the next brace
        }
        break;
      }
    }
  }
  return out;
}

/**
 * The option a reply votes for (README "HiddenBench", vote reading), or null when it cannot be told:
 * 1. a JSON object with a string `vote` (or `answer`/`choice`) field: that field alone decides (the
 *    last such object wins; its rationale is never read);
 * 2. the whole reply is an option name;
 * 3. an explicit vote phrase ("I vote for X", "my final answer: X") right before an option;
 * 4. exactly one option named and not ruled out ("not Y", "Y is ruled out", "rather than Y").
 * Several options otherwise: null, never a guess. Options match as people type them: any case,
 * punctuation and accents, apostrophes optional, and without a parenthetical label. When every option
 * carries a distinct label ("Site (A)", "B) ...", "1. ..."; see `optionLabels`), a label names its
 * option too: "Option C", "Site C", a vote field or reply that is only "C", and an upper-case label
 * right after a vote word ("My final answer: D"); otherwise a letter names nothing.
 */
export function parseVote(text: string, answers: readonly string[]): number | null {
  if (typeof text !== "string" || answers.length === 0) return null;
  const labels = optionLabels(answers);
  const spellings = optionSpellings(answers, labels);
  const voted = jsonObjects(text)
    .map((o) => o.vote ?? o.answer ?? o.choice)
    .filter((v): v is string => typeof v === "string");
  if (voted.length > 0) return voteInText(voted[voted.length - 1] as string, spellings, labels);
  return voteInText(text, spellings, labels);
}
