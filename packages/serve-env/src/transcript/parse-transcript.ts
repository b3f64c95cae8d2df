/** One step read from a transcript: the speaker (null = whoever must act) and the raw text. */
export interface TranscriptEntry {
  agent: number | null;
  text: string;
  /** 1-based line of the response where the entry starts. */
  line: number;
}

const SPEAKER = /^\s*(?:A(\d{1,2})|Agent (\d{1,2}))(?: \(you\))?\s*:\s?(.*)$/;
// Chat-template markers a decoded query may carry around the text (ChatML, Llama 3, Gemma, sentencepiece).
const SPECIAL_TOKENS = /<\|[^|<>\n]{1,48}\|>|<\/?s>|<(?:eos|bos|pad)>|<end_of_turn>|<start_of_turn>(?:model|user)?/g;

/**
 * Reads the steps out of a response. Lines starting with a speaker marker (`Agent 2: ...` or `A1: ...`) begin
 * a step; lines without one continue the previous step's text; text before the first marker is ignored.
 * A response with no marker at all is a single step by the agent to act (single-turn RFT). Chat-template
 * special tokens are removed first.
 */
export function parseTranscript(response: string): TranscriptEntry[] {
  const lines = response.replace(SPECIAL_TOKENS, "").split(/\r?\n/);
  const entries: TranscriptEntry[] = [];
  let current: { agent: number; text: string[]; line: number } | null = null;
  const flush = () => {
    if (current) entries.push({ agent: current.agent, text: current.text.join("\n").trim(), line: current.line });
  };
  lines.forEach((raw, i) => {
    const m = SPEAKER.exec(raw);
    if (m) {
      flush();
      const agent = m[1] !== undefined ? Number(m[1]) : Number(m[2]) - 1;
      current = { agent, text: [m[3] ?? ""], line: i + 1 };
    } else if (current) current.text.push(raw);
  });
  flush();
  if (entries.length === 0) {
    const text = lines.join("\n").trim();
    return text === "" ? [] : [{ agent: null, text, line: 1 }];
  }
  return entries;
}
