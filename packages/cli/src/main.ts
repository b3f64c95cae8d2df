import type { CliCommand, CliIo } from "./cli-io";
import { debugErrors, oneLineError } from "./one-line-error";

/** Sub-commands, loaded lazily so `cosir posterior` never pays for tfjs. */
const commands: Record<string, { summary: string; load: () => Promise<CliCommand> }> = {
  posterior: {
    summary: "JSON queries on stdin -> posterior, surprisal, EIG on stdout",
    load: async () => (await import("./commands/posterior")).posteriorCommand,
  },
  generate: {
    summary: "generate tasks as JSONL",
    load: async () => (await import("./commands/generate")).generateCommand,
  },
  play: {
    summary: "play scripted teams, write {task, trace} JSONL or a summary",
    load: async () => (await import("./commands/play")).playCommand,
  },
  score: {
    summary: "score {task, trace} JSONL with the reward terms",
    load: async () => (await import("./commands/score")).scoreCommand,
  },
  serve: {
    summary: "serve a tfjs checkpoint or an HF folder (--model) over an OpenAI-compatible chat API on 127.0.0.1",
    load: async () => (await import("./commands/serve")).serveCommand,
  },
  "serve-env": {
    summary: "serve episodes and rewards over HTTP for OpenRLHF / verl",
    load: async () => (await import("./commands/serve-env")).serveEnvCommand,
  },
  export: {
    summary: "export first-turn prompts as verl parquet or OpenRLHF JSONL",
    load: async () => (await import("./commands/export")).exportCommand,
  },
  train: {
    summary: "SFT warm start then self-play RL (--preset smoke|demo, --resume DIR)",
    load: async () => (await import("./commands/train")).trainCommand,
  },
  bench: {
    summary: "held-out benchmarks x policies: report.md, summary.json, SVG charts",
    load: async () => (await import("./commands/bench")).benchCommand,
  },
  pretrain: {
    summary: "pretrain the embedded base (copy curriculum, then teacher actions) into DIR with its manifest",
    load: async () => (await import("./commands/pretrain")).pretrainCommand,
  },
  sample: {
    summary: "sample one reply from a Hugging Face folder (Qwen3 / Gemma 3) through its chat template",
    load: async () => (await import("./commands/sample")).sampleCommand,
  },
  "tiny-model": {
    summary: "write a tiny random Qwen3 / Gemma 3 checkpoint (HF folder + GGUF) with a real tokenizer",
    load: async () => (await import("./commands/tiny-model")).tinyModelCommand,
  },
  demo: {
    summary: "the main job on the embedded default (what `pnpm start` runs)",
    load: async () => (await import("./commands/demo")).demoCommand,
  },
};

export function usage(): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  return [
    "usage: cosir <command> [flags]",
    "",
    ...Object.entries(commands).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`),
    "",
    "cosir <command> --help for its flags",
  ].join("\n");
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.stderr.write(
      `cosir: unknown command ${JSON.stringify(name)}; expected one of ${Object.keys(commands).join(", ")} (cosir --help)\n`,
    );
    return 2;
  }
  try {
    // The held-out families ("heldout.*") live in @cosir/bench; registered with env's registry so every command that
    // takes a family by name finds them (loaded lazily: posterior never needs them).
    if (name !== "posterior") (await import("@cosir/bench")).registerHeldOutFamilies();
    return await (await command.load())(rest, io);
  } catch (error) {
    // One line naming the field or file and the value; the stack only with COSIR_DEBUG=1.
    io.stderr.write(`cosir ${name}: ${oneLineError(error, debugErrors())}\n`);
    return 1;
  }
}
