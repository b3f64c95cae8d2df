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
  messages: { task: string; style: string; text: string; acts: NaturalCorpusAct[] }[];
  /** The tasks of held-out families (generated in @cosir/bench), by corpus task name. */
  heldOutTasks?: Record<string, Task>;
}
export interface NaturalCorpusMiss {
  text: string;
  expected: string[];
  got: string[];
  unparsed?: string[];
}
export interface NaturalCorpusScore {
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
  deps: { parse: (text: string, task: Task) => MessageParseResult; generateTask: (options: never) => Task },
): NaturalCorpusScore;
