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
  /**
   * Cell words (absent: false): a cell `o<k> a<m>` is one word `o<k>.a<m>` wherever that word is in `words` (the
   * SEE list, shares and asks alike), and decodes back to the two words; see `CanonicalTokenizer.withCellWords`.
   */
  cellWords: z.boolean().optional(),
});
export type TokenizerJson = z.infer<typeof TokenizerJsonSchema>;

/** Words after which the observation's head (the agent's own cells) ends; see `promptIds`. */
const HEAD_END = "HISTORY";
/** Separator between history messages in canonical observation text. */
const MESSAGE_BREAK = "|";
/** An option word and an attribute word, the two halves of a cell. */
const OPTION_WORD = /^o\d+$/;
const ATTRIBUTE_WORD = /^a\d+$/;
/** A cell word `o<k>.a<m>` (the tokenizer's `cellWords`). */
const CELL_WORD = /^(o\d+)\.(a\d+)$/;

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

  private constructor(
    readonly words: readonly string[],
    /** Whether a cell is one word (TokenizerJson's `cellWords`). */
    readonly cellWords = false,
  ) {
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
  static fromWords(words: readonly string[], options: { cellWords?: boolean } = {}): CanonicalTokenizer {
    return CanonicalTokenizer.fromJSON({
      version: TOKENIZER_VERSION,
      kind: "canonical-word",
      specials: [...SPECIAL_TOKENS],
      words: [...words],
      ...(options.cellWords === true ? { cellWords: true } : {}),
    });
  }

  /**
   * This vocabulary with a word per cell `o<k>.a<m>` for k < options and m < attributes (appended after the
   * existing words, so every old id keeps its word), read and written as one token: the model sees a cell as one
   * thing to copy rather than an option and an attribute to bind. Cells beyond these bounds stay two words.
   */
  withCellWords(options: number, attributes: number): CanonicalTokenizer {
    for (const [field, v] of [
      ["options", options],
      ["attributes", attributes],
    ] as const)
      if (!Number.isInteger(v) || v < 1 || v > 64)
        throw new InvalidArgumentError(field, v, "expected an integer in 1..64");
    for (let k = 0; k < options; k++)
      if (!this.idOf.has(`o${k}`)) throw new InvalidArgumentError("options", options, `the vocabulary has no o${k}`);
    for (let m = 0; m < attributes; m++)
      if (!this.idOf.has(`a${m}`))
        throw new InvalidArgumentError("attributes", attributes, `the vocabulary has no a${m}`);
    const cells: string[] = [];
    for (let k = 0; k < options; k++)
      for (let m = 0; m < attributes; m++) if (!this.idOf.has(`o${k}.a${m}`)) cells.push(`o${k}.a${m}`);
    return CanonicalTokenizer.fromWords([...this.words, ...cells], { cellWords: true });
  }

  /** Restores a tokenizer saved with `toJSON`, naming the first wrong field. */
  static fromJSON(json: unknown): CanonicalTokenizer {
    const parsed = TokenizerJsonSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InvalidConfigError(`tokenizer.${issue.path.join(".")}`, undefined, issue.message);
    }
    return new CanonicalTokenizer(parsed.data.words, parsed.data.cellWords === true);
  }

  toJSON(): TokenizerJson {
    return {
      version: TOKENIZER_VERSION,
      kind: "canonical-word",
      specials: [...SPECIAL_TOKENS],
      words: [...this.words],
      ...(this.cellWords ? { cellWords: true } : {}),
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

  /**
   * Ids of a text's words; an unknown word becomes <unk> and is counted. With `cellWords`, an option word
   * followed by an attribute word is their cell word where the vocabulary has it, so `decode` then `encode`
   * gives back the same ids.
   */
  encode(text: string): number[] {
    const words = CanonicalTokenizer.split(text);
    const ids: number[] = [];
    for (let i = 0; i < words.length; i++) {
      let w = words[i]!;
      if (this.cellWords && OPTION_WORD.test(w) && ATTRIBUTE_WORD.test(words[i + 1] ?? "")) {
        const cell = `${w}.${words[i + 1]}`;
        if (this.idOf.has(cell)) {
          w = cell;
          i++;
        }
      }
      const id = this.idOf.get(w);
      if (id !== undefined && id >= SPECIAL_TOKENS.length) {
        ids.push(id);
        continue;
      }
      this.unknownWords.set(w, (this.unknownWords.get(w) ?? 0) + 1);
      ids.push(this.unk);
    }
    return ids;
  }

  /**
   * Words of the ids joined by single spaces; special tokens (<eos>, <pad>, ...) are left out, and a cell word
   * is written as its option and attribute words (`o2.a1` -> `o2 a1`), the text the env reads.
   */
  decode(ids: readonly number[]): string {
    const out: string[] = [];
    for (const id of ids) {
      if (id < SPECIAL_TOKENS.length) continue;
      const w = this.word(id);
      const cell = this.cellWords ? CELL_WORD.exec(w) : null;
      if (cell !== null) out.push(cell[1]!, cell[2]!);
      else out.push(w);
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
