import { answerPosteriorQuery, DEFAULT_COMPUTE_BUDGET, type DecisionModel } from "@cosir/bayes";
import type { CliCommand } from "../cli-io";
import { budgetFlag, parseFlags } from "../flags";
import { errorMessage, lineTooLong, readLines, writeLine } from "../jsonl";

/** `cosir posterior`: one JSON query per line in, one answer (or error) per line out (@cosir/bayes answerPosteriorQuery). */
export const posteriorCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, { budget: { type: "string" }, help: { type: "boolean", short: "h" } });
  if (values.help) {
    io.stdout.write(
      "usage: cosir posterior [--budget 2e8] < queries.jsonl\n" +
        'One JSON query per line: {"task": {"options", "attributes", "levels": [lo, hi], "aggregate": "sum"|"min", "weights"?, "prior"?}, "observed"?: [[o, a, level]], "claims"?: [[o, a, level]], "noise"?, "correct"?, "ask"?: [[o, a]]}\n' +
        'One JSON answer per line: {"posterior", "degenerate", "surprisal"?, "eig"?} or {"error"}. Exit 1 if any line failed.\n' +
        `--budget: most cost units one query may take (default ${DEFAULT_COMPUTE_BUDGET}, about a second; design §7.1); a query over it is an {"error"} line naming it, before any work.\n`,
    );
    return 0;
  }
  const budget = budgetFlag(values, "budget");
  const options = budget !== undefined ? { budget } : {};
  const cache = new Map<string, DecisionModel>();
  let failed = 0;
  for await (const [n, line, bytes] of readLines(io.stdin)) {
    let out: unknown;
    if (line === null) {
      failed++;
      await writeLine(io.stdout, { error: `line ${n}: ${lineTooLong(bytes)}` });
      continue;
    }
    try {
      out = answerPosteriorQuery(JSON.parse(line), cache, options);
    } catch (error) {
      failed++;
      out = { error: `line ${n}: ${errorMessage(error)}` };
    }
    await writeLine(io.stdout, out);
  }
  return failed > 0 ? 1 : 0;
};
