import type { Act, MessageParseResult, Task } from "../src/index";

export interface NaturalCorpusAct {
  kind: Act["kind"];
  option?: string;
  attribute?: string;
  level?: number;
  to?: string;
}
export interface NaturalCorpus {
  version: number;
  description: string;
  tasks: Record<string, Record<string, unknown>>;
  /** `batch`: the batch of phrasings written before the rules that read them (absent: the tuned corpus). */
  messages: { task: string; style: string; batch?: string; text: string; acts: NaturalCorpusAct[] }[];
  /** Each batch's figures as the grammar read it when the batch was written (before tuning on it). */
  batches?: Record<string, NaturalCorpusBatch>;
  /** The tasks of held-out families (generated in @cosir/bench), by corpus task name. */
  heldOutTasks?: Record<string, Task>;
}
export interface NaturalCorpusBatch {
  note: string;
  before: { precision: number; recall: number };
  after?: { precision: number; recall: number };
  /** Never tuned on: the figures on it are figures on unseen text. */
  heldOut?: boolean;
  /** The figures per style before the batch's rules (recorded from fresh25 on). */
  beforeByStyle?: Record<string, { precision: number; recall: number }>;
}
export interface NaturalCorpusGroup {
  messages: number;
  labelled: number;
  taken: number;
  right: number;
  precision: number;
  recall: number;
}
export interface NaturalCorpusMiss {
  style: string;
  batch: string;
  text: string;
  expected: string[];
  got: string[];
  unparsed?: string[];
}
export interface NaturalCorpusScore {
  byStyle: Record<string, NaturalCorpusGroup>;
  byBatch: Record<string, NaturalCorpusGroup>;
  messages: number;
  labelled: number;
  taken: number;
  right: number;
  precision: number;
  recall: number;
  wrong: NaturalCorpusMiss[];
  missed: NaturalCorpusMiss[];
}
export function loadNaturalCorpus(): NaturalCorpus;
export function scoreNaturalCorpus(
  corpus: NaturalCorpus,
  deps: {
    parse: (text: string, task: Task) => MessageParseResult;
    generateTask: (options: never) => Task;
    only?: (message: NaturalCorpus["messages"][number]) => boolean;
  },
): NaturalCorpusScore;
