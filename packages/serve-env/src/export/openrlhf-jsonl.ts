import type { DatasetRow } from "./dataset-rows";

/**
 * OpenRLHF prompt JSONL: `input` (chat messages; use `--data.input_key input --data.apply_chat_template`) and
 * `label` (the task; `--data.label_key label`), plus `datasource` and `extra_info` for bookkeeping.
 */
export function openrlhfJsonl(rows: readonly DatasetRow[]): string {
  return rows
    .map((r) =>
      JSON.stringify({
        input: r.prompt,
        label: r.label,
        datasource: `cosir/${r.family}`,
        extra_info: {
          index: r.index,
          family: r.family,
          seed: r.seed,
          task_id: r.taskId,
          surface: r.surface,
          agent: r.agent,
        },
      }),
    )
    .map((line) => `${line}\n`)
    .join("");
}
