import { z } from "zod";
import { InvalidArgumentError, InvalidConfigError } from "@cosir/bayes";
import { canonicalVocabulary, type CanonicalVocabularyOptions } from "@cosir/env";

/** Version of the tokenizer JSON stored in checkpoints. */
export const TOKENIZER_VERSION = 1 as const;

/** Special tokens, always ids 0..4 in this order. */
export const SPECIAL_TOKENS = ["<pad>", "<bos>", "<eos>", "<unk>", "<sep>"] as const;

export const TokenizerJsonSchema = z.object({
  version: z.literal(TOKENIZER_VERSION),
  kind: z.literal("canonical-word"),
  specials: z.tuple([
    z.literal("<pad>"),
    z.literal("<bos>"),
    z.literal("<eos>"),
    z.literal("<unk>"),
    z.literal("<sep>"),
  ]),
  /** Every ordinary word, ids specials.length.. in order. */
  words: z.array(
    z
      .string()
      .min(1)
      .regex(/^[^\s]+$/, "a word has no white space"),
  ),
});
export type TokenizerJson = z.infer<typeof TokenizerJsonSchema>;

/** Words after which the observation's head (the agent's own cells) ends; see `promptIds`. */
const HEAD_END = "HISTORY";
/** Separator between history messages in canonical observation text. */
const MESSAGE_BREAK = "|";

/**
 * Word-level tokenizer of the canonical surface (docs/design.md §2): a closed vocabulary of the env's
 * canonical words (keywords, o<k>, a<m>, @<i>, A<i>, integers) plus special tokens <pad>, <bos>,
 * <eos>, <unk> and <sep> (between observation and action). Text splits on white space, with ";"
 * always a word of its own (as the env's parser reads it). Unknown words map to <unk> and are
 * counted in `unknownWords`.
 */
export class CanonicalTokenizer {
  readonly pad = 0;
  readonly bos = 1;
  readonly eos = 2;
  readonly unk = 3;
  readonly sep = 4;
  /** Words seen by encode that are not in the vocabulary, with how often. */
  readonly unknownWords = new Map<string, number>();
  private readonly idOf = new Map<string, number>();
  private readonly wordOf: string[];

  private constructor(readonly words: readonly string[]) {
    this.wordOf = [...SPECIAL_TOKENS, ...words];
    this.wordOf.forEach((w, i) => {
      if (this.idOf.has(w))
        throw new InvalidConfigError(`tokenizer.words[${i - SPECIAL_TOKENS.length}]`, w, "expected each word once");
      this.idOf.set(w, i);
    });
  }

  /** The tokenizer of env's canonical vocabulary for tasks within the given bounds (env defaults). */
  static fromVocabulary(options: CanonicalVocabularyOptions = {}): CanonicalTokenizer {
    return new CanonicalTokenizer(canonicalVocabulary(options));
  }

  /** A tokenizer over exactly these words (ids follow the special tokens in order). */
  static fromWords(words: readonly string[]): CanonicalTokenizer {
    return CanonicalTokenizer.fromJSON({
      version: TOKENIZER_VERSION,
      kind: "canonical-word",
      specials: [...SPECIAL_TOKENS],
      words: [...words],
    });
  }

  /** Restores a tokenizer saved with `toJSON`, naming the first wrong field. */
  static fromJSON(json: unknown): CanonicalTokenizer {
    const parsed = TokenizerJsonSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InvalidConfigError(`tokenizer.${issue.path.join(".")}`, undefined, issue.message);
    }
    return new CanonicalTokenizer(parsed.data.words);
  }

  toJSON(): TokenizerJson {
    return {
      version: TOKENIZER_VERSION,
      kind: "canonical-word",
      specials: [...SPECIAL_TOKENS],
      words: [...this.words],
    };
  }

  /** Vocabulary size (specials included): the model's vocabSize. */
  get size(): number {
    return this.wordOf.length;
  }

  /** Total unknown words seen by encode. */
  get unknownCount(): number {
    let n = 0;
    for (const c of this.unknownWords.values()) n += c;
    return n;
  }

  /** Id of one word (special tokens by their <name>), or undefined. */
  id(word: string): number | undefined {
    return this.idOf.get(word);
  }

  /** The word of an id. */
  word(id: number): string {
    const w = this.wordOf[id];
    if (w === undefined) throw new InvalidArgumentError("id", id, `expected a token id in 0..${this.size - 1}`);
    return w;
  }

  /** Canonical words of a text (white space separates, ";" stands alone). */
  static split(text: string): string[] {
    return text
      .replace(/;/g, " ; ")
      .split(/\s+/)
      .filter((w) => w !== "");
  }

  /** Ids of a text's words; an unknown word becomes <unk> and is counted. */
  encode(text: string): number[] {
    return CanonicalTokenizer.split(text).map((w) => {
      const id = this.idOf.get(w);
      if (id !== undefined && id >= SPECIAL_TOKENS.length) return id;
      this.unknownWords.set(w, (this.unknownWords.get(w) ?? 0) + 1);
      return this.unk;
    });
  }

  /** Words of the ids joined by single spaces; special tokens (<eos>, <pad>, ...) are left out. */
  decode(ids: readonly number[]): string {
    const out: string[] = [];
    for (const id of ids) {
      if (id < SPECIAL_TOKENS.length) continue;
      out.push(this.word(id));
    }
    return out.join(" ");
  }

  /**
   * The model's prompt for an observation: <bos> observation <sep>, in at most `budget` ids.
   * Truncation rule, when the observation does not fit: keep the head (everything up to and
   * including HISTORY: the agent, the task structure and the agent's own cells) and the most
   * recent tail (latest messages and the turn cue), dropping the middle of the history; the tail
   * starts after a message break "|" where one falls inside it, so no message is cut in two. If the
   * head alone leaves less than half the budget, it is cut to half and the tail gets the rest.
   */
  promptIds(observationText: string, budget: number): number[] {
    if (!Number.isInteger(budget) || budget < 3)
      throw new InvalidArgumentError("budget", budget, "expected an integer of at least 3");
    const words = this.encode(observationText);
    const room = budget - 2;
    if (words.length <= room) return [this.bos, ...words, this.sep];
    const headEnd = this.idOf.get(HEAD_END);
    const at = headEnd === undefined ? -1 : words.indexOf(headEnd);
    const half = Math.floor(room / 2);
    const head = at >= 0 ? Math.min(at + 1, Math.max(half, room - half)) : half;
    let tailStart = words.length - (room - head);
    const breakId = this.idOf.get(MESSAGE_BREAK);
    if (breakId !== undefined) {
      const j = words.indexOf(breakId, tailStart);
      if (j >= 0 && j < words.length - 1) tailStart = j + 1;
    }
    return [this.bos, ...words.slice(0, head), ...words.slice(tailStart), this.sep];
  }
}
