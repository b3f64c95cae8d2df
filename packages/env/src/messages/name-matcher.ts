import { naturalWords } from "./natural-words";

interface Entry {
  words: string[];
  index: number;
}

/** Longest-match lookup of multi-word names (options, attributes) in a word array. O(names sharing a first word) per position. */
export class NameMatcher {
  private readonly byFirst = new Map<string, Entry[]>();

  /** `variants` gives other spellings of a name's words that match it too (a count noun's singular). */
  constructor(
    names: readonly string[],
    split: (name: string) => string[] = naturalWords,
    variants: (words: string[]) => string[][] = () => [],
  ) {
    // a variant never takes another name's own spelling ("rice" of "rice bags" where "rice" is a name too), nor one
    // that two names share ("ashby" of "Lord Ashby" and "Lady Ashby"): it would name neither for sure
    const words = names.map((name) => split(name));
    const spellings = words.map((w) => variants(w));
    const own = new Set(words.map((w) => w.join(" ")));
    const owners = new Map<string, number>();
    for (const list of spellings)
      for (const v of new Set(list.map((v) => v.join(" ")))) owners.set(v, (owners.get(v) ?? 0) + 1);
    words.forEach((name, index) => {
      const kept = (spellings[index] as string[][]).filter(
        (v) => !own.has(v.join(" ")) && owners.get(v.join(" ")) === 1,
      );
      for (const spelled of [name, ...kept]) {
        const first = spelled[0];
        if (first === undefined) continue;
        const list = this.byFirst.get(first) ?? [];
        list.push({ words: spelled, index });
        list.sort((x, y) => y.words.length - x.words.length);
        this.byFirst.set(first, list);
      }
    });
  }

  /** The name starting at words[i] (longest match), as {index, end}, or null. */
  match(words: readonly string[], i: number): { index: number; end: number } | null {
    const first = words[i];
    if (first === undefined) return null;
    const list = this.byFirst.get(first);
    if (list === undefined) return null;
    for (const entry of list) {
      let ok = true;
      for (let k = 1; k < entry.words.length; k++) {
        if (words[i + k] !== entry.words[k]) {
          ok = false;
          break;
        }
      }
      if (ok) return { index: entry.index, end: i + entry.words.length };
    }
    return null;
  }
}
