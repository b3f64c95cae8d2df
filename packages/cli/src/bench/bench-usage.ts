import { builtInBenchmarks } from "@cosir/bench";
import { policySpecUsage } from "@cosir/policy";

/** `cosir bench --help`; the policy shapes come from the registered policy back ends. */
export function benchUsage(): string {
  return `usage: cosir bench --policies P[,P...] [--n 200] [--seed 1] [--out DIR] [--json] [--benchmark NAME|PACKAGE|PATH[,...]] [--metrics runs/x/metrics.jsonl] [--batch 50]
       cosir bench --endpoint URL --model NAME [--policies ...] [--n 200] ...       (the held-out families with a chat model)
       cosir bench --hiddenbench PATH --endpoint URL --model NAME [--protocol original|cosir] [--rounds R] [--concurrency C]
                   [--runs 10] [--deadline SECONDS] [--timeout SECONDS] [--prompts DIR] [--seed 1] [--out DIR] [--json]
                   [--vote-reader original|tolerant] [--tries 5] [--missing-votes drop|bucket] [--failed-turns retry|drop]
                   [--max-reply-chars N] [--response-format json_schema|json_object|none] [--thinking]
Endpoint flags: --api-key KEY, --timeout SECONDS (per call), --temperature 0, --max-tokens 256 (HiddenBench's original
protocol sends no temperature, max_tokens or seed unless these flags or --seed are given).
Checkpoint policies sample at temperature 1; --choice-temperature T decodes their choices at T instead (0: greedy),
--talk-temperature T their discussion.
Policies: ${policySpecUsage()}.
Benchmarks default to the held-out families plus soloFullInformation (${builtInBenchmarks.map((b) => b.name).join(", ")}).
HiddenBench: PATH is a JSON file in the public HiddenBench format; --protocol original (default) plays the published
protocol (15 rounds, hidden and full information) and metric, cosir our earlier variant (2 rounds); --prompts DIR reads
the original prompt files (system_prompt.txt, user_prompt.txt, ...). Each flag in the second and third lines keeps one of
our variants instead of the original's (README "HiddenBench"); the report names them. Ctrl-C writes a partial report
(exit 130). API key: COSIR_CHAT_API_KEY or OPENAI_API_KEY.
Writes DIR/report.md, DIR/summary.json, DIR/*.svg and prints the table (--json: summary.json on stdout). Progress on stderr.
An unreachable endpoint, or one whose first calls all fail the same way, ends the run with an error (exit code 1).
`;
}
