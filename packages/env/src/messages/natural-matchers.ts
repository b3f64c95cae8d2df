import type { PublicTask } from "../task/task";
import { answerNames } from "./answer-names";
import { NameMatcher } from "./name-matcher";
import { daySpellings, letterSpellings, titledSpellings } from "./natural/option-letters";
import { naturalTokens } from "./natural-tokens";

export interface NaturalMatchers {
  options: NameMatcher;
  attributes: NameMatcher;
  answers: NameMatcher;
  /** Options and attributes split into `naturalTokens` words (possessive "'s" apart), for parseNatural. */
  optionTokens: NameMatcher;
  attributeTokens: NameMatcher;
}

const tokenWords = (name: string): string[] => naturalTokens(name).map((t) => t.word);

/** A plural count noun's singular ("rice bags" -> "rice bag", "apples" -> "apple"): "1 apple on Shelf A". */
export function singular(words: string[]): string[][] {
  const last = words[words.length - 1];
  if (last === undefined || last.length < 4 || !last.endsWith("s") || last.endsWith("ss")) return [];
  return [[...words.slice(0, -1), last.slice(0, -1)]];
}

/**
 * A two-word count noun named by its head ("rice bags" -> "bags of rice", "bag of rice"): "just one bag of rice"
 * (fresh35, fresh37). Only a plural head of letters after a modifier of letters.
 */
export function ofSpellings(words: string[]): string[][] {
  const [modifier, head] = words;
  if (words.length !== 2 || modifier === undefined || head === undefined) return [];
  if (!/^[a-z]+$/.test(modifier) || !/^[a-z]+s$/.test(head) || head.length < 4 || head.endsWith("ss")) return [];
  return [
    [head, "of", modifier],
    [head.slice(0, -1), "of", modifier],
  ];
}

/** Plural heads of a count noun that name only its container: "rice bags", "bean tins", "egg cartons". */
const CONTAINERS = new Set(["bags", "tins", "cans", "packs", "jars", "sacks", "boxes", "bottles", "cartons", "crates"]);

/**
 * A count noun of a container named by what it holds ("rice bags" -> "rice", "egg cartons" -> "eggs"): "Shelf A's rice
 * is 0", "Who has onions and rice for Shelf B?" (fresh80). Only a modifier of letters before a container's plural.
 */
export function contentSpellings(words: string[]): string[][] {
  const [modifier, head] = words;
  if (words.length !== 2 || modifier === undefined || head === undefined || !CONTAINERS.has(head)) return [];
  if (!/^[a-z]+$/.test(modifier)) return [];
  return modifier.endsWith("s") ? [[modifier]] : [[modifier], [`${modifier}s`]];
}

/**
 * A count noun's singular, and a two-word name's plural ("badge log" -> "badge logs", "wait time" -> "wait times"):
 * "Employee E's and Employee F's badge logs: 1 and 0", and a count noun named by its head ("bags of rice"). One-word
 * names keep their spelling ("services" is no name).
 */
export function attributeSpellings(words: string[]): string[][] {
  const last = words[words.length - 1];
  const plural =
    words.length >= 2 && last !== undefined && last.length >= 3 && !last.endsWith("s") && /^[a-z]+$/.test(last)
      ? [[...words.slice(0, -1), `${last}s`]]
      : [];
  return [
    ...singular(words),
    ...plural,
    ...ofSpellings(words),
    ...contentSpellings(words),
    ...tallySpellings(words),
    ...bareOwnerSpellings(words),
  ];
}

/** Clipped forms chat models write for an attribute's word: "tech skill", "exp", "comms" (session 67). */
const CLIPPED: ReadonlyMap<string, readonly string[]> = new Map([
  ["technical", ["tech"]],
  ["experience", ["exp"]],
  ["communication", ["comms", "comm"]],
  ["neighbourhood", ["neighborhood"]],
]);

/**
 * An attribute with one word clipped ("technical skill" -> "tech skill": "who has D tech skill", fresh325, session
 * 67). Only the clipped forms of CLIPPED; a form two names share names neither (the matcher's rule).
 */
export function clippedSpellings(words: string[]): string[][] {
  const out: string[][] = [];
  words.forEach((w, k) => {
    for (const short of CLIPPED.get(w) ?? []) out.push([...words.slice(0, k), short, ...words.slice(k + 1)]);
  });
  return out;
}

/**
 * A name of several words joined by hyphens into one ("value for money" -> "value-for-money", "wait time" ->
 * "wait-time": "my value-for-money cells", fresh175). Only names of plain words (no possessive).
 */
export function hyphenSpellings(words: string[]): string[][] {
  if (words.length < 2 || !words.every((w) => /^[a-z]+$/.test(w))) return [];
  return [[words.join("-")]];
}

/**
 * A person's attribute with the possessive dropped ("Tomas's calendar" -> "tomas calendar": "Tomas calendar at
 * tuesday morning is 2", fresh166). Only a one-word owner of letters before "'s" and the rest of the name.
 */
export function bareOwnerSpellings(words: string[]): string[][] {
  const [owner, possessive] = words;
  if (words.length < 3 || owner === undefined || possessive !== "'s" || !/^[a-z]{3,}$/.test(owner)) return [];
  return [[owner, ...words.slice(2)]];
}

/** Adjectives whose noun alone names the attribute: "muddy boots" -> "boots", "broken watch" -> "watch". */
// "also A light 3" (fresh343, session 68): "natural light" -> "light"
const CLUE_ADJECTIVES = new Set(["muddy", "torn", "broken", "natural"]);
/** Generic heads whose modifier alone names the attribute: "food quality" -> "food", "menu variety" -> "menu". */
// "Employee A badge 1", "phone 0 for C" (session 68): a log's or records' kind alone
// "Stall A: raffle -2, books 1" (fresh357, session 68): the tickets' kind alone
const GENERIC_HEADS = new Set(["quality", "variety", "log", "records", "tickets"]);

/**
 * A two-word attribute named by its telling word alone (fresh281, fresh288, session 65: "Boots at 3 and library key
 * at 2", "food 4 and value for money 4"): the noun after a clue's adjective, or the modifier before a generic head.
 * A spelling two attributes share, or another name's own, is dropped by the matcher.
 */
export function shortSpellings(words: string[]): string[][] {
  const [first, head] = words;
  if (words.length !== 2 || first === undefined || head === undefined) return [];
  if (CLUE_ADJECTIVES.has(first) && /^[a-z]{4,}$/.test(head)) return [[head]];
  if (GENERIC_HEADS.has(head) && /^[a-z]{4,}$/.test(first)) return [[first]];
  return [];
}

/** Participles after a counted noun that a speaker drops: "cakes sold" -> "cakes", "funds raised" -> "funds". */
const TALLY_VERBS = new Set(["sold", "bought", "made", "raised", "collected", "donated"]);

/**
 * A count named by its noun alone ("books sold" -> "books": "Can someone fill in A's books and plants?", fresh92).
 * Only a plural noun of letters before such a participle.
 */
export function tallySpellings(words: string[]): string[][] {
  const [noun, verb] = words;
  if (words.length !== 2 || noun === undefined || verb === undefined || !TALLY_VERBS.has(verb)) return [];
  return /^[a-z]{3,}s$/.test(noun) ? [[noun]] : [];
}

const cache = new WeakMap<object, NaturalMatchers>();

/** Name matchers for a task's domain words, cached per domain object. */
export function naturalMatchers(task: Pick<PublicTask, "decision" | "domain">): NaturalMatchers {
  const key = task.decision.kind === "argmax" ? task.domain : task.decision;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const matchers = {
    options: new NameMatcher(task.domain.options),
    attributes: new NameMatcher(task.domain.attributes),
    answers: new NameMatcher(answerNames(task)),
    optionTokens: new NameMatcher(task.domain.options, tokenWords, (w) => [
      ...letterSpellings(w),
      ...titledSpellings(w),
      ...daySpellings(w),
    ]),
    attributeTokens: new NameMatcher(task.domain.attributes, tokenWords, (w) => [
      ...attributeSpellings(w),
      ...hyphenSpellings(w),
      ...shortSpellings(w),
      ...clippedSpellings(w),
    ]),
  };
  cache.set(key, matchers);
  return matchers;
}

/**
 * A person's attribute named by the person and "'s" at k ("Omar's" for "Omar's calendar", fresh64, fresh131,
 * fresh140): the attribute's index and the word after the "'s", or null.
 */
export function ownerAttributeAt(
  domain: { readonly attributes: readonly string[] },
  words: readonly string[],
  k: number,
): { index: number; end: number } | null {
  if (words[k + 1] !== "'s") return null;
  const owner = attributeOwners(domain).get(words[k] as string);
  return owner === undefined ? null : { index: owner, end: k + 2 };
}

const availabilityCache = new WeakMap<object, ReadonlyMap<string, number>>();

/**
 * The attribute "<word>'s availability" of the task, by the lower-cased word before "'s" ("alice" -> the index of
 * "Alice's availability"), -1 where there is none: the first such attribute where a name has two. Built once per
 * domain; availability-share's lists of people and the availability gloss read it.
 */
export function availabilityOf(domain: { readonly attributes: readonly string[] }, word: string): number {
  let owners = availabilityCache.get(domain);
  if (owners === undefined) {
    const map = new Map<string, number>();
    domain.attributes.forEach((name, index) => {
      const lower = name.toLowerCase();
      if (!lower.endsWith("'s availability")) return;
      const owner = lower.slice(0, -"'s availability".length);
      if (!map.has(owner)) map.set(owner, index);
    });
    availabilityCache.set(domain, map);
    owners = map;
  }
  return owners.get(word) ?? -1;
}

const ownerCache = new WeakMap<object, ReadonlyMap<string, number>>();

/**
 * The task's attributes that are a person's ("Alice's availability", "Priya's calendar") by the person's name
 * alone, lower-cased ("alice" -> 0): for labels and table headings that name only the person ("Alice=1", a grid
 * column headed "Priya"; fresh56, fresh57). Only owners of one word, each owning one attribute.
 */
export function attributeOwners(domain: { readonly attributes: readonly string[] }): ReadonlyMap<string, number> {
  const cached = ownerCache.get(domain);
  if (cached !== undefined) return cached;
  const owners = new Map<string, number>();
  const repeated = new Set<string>();
  domain.attributes.forEach((name, index) => {
    const m = /^([A-Za-z]{3,})['’]s\s\S/.exec(name);
    if (m === null) return;
    const owner = (m[1] as string).toLowerCase();
    if (owners.has(owner)) repeated.add(owner);
    owners.set(owner, index);
  });
  for (const owner of repeated) owners.delete(owner);
  ownerCache.set(domain, owners);
  return owners;
}
