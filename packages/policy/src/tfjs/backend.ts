import * as tf from "@tensorflow/tfjs-core";
import { CosirError, InvalidConfigError } from "@cosir/bayes";
import { registerGradients } from "./register-gradients";

/** The tfjs back ends this package can run on, in order of preference. */
export type BackendName = "tensorflow-gpu" | "tensorflow" | "wasm" | "cpu";

export interface BackendChoice {
  /** Which back end was chosen. */
  name: BackendName;
  /** tfjs' own name for it (`tf.getBackend()`): "tensorflow" for both native builds. */
  tfName: string;
  /** Threads the back end computes with (the native builds manage their own pool: reported as 0). */
  threads: number;
  /** One line saying what was chosen and why (what is printed once). */
  description: string;
}

const aliases: Record<string, BackendName> = {
  "tensorflow-gpu": "tensorflow-gpu",
  "tfjs-node-gpu": "tensorflow-gpu",
  "node-gpu": "tensorflow-gpu",
  gpu: "tensorflow-gpu",
  tensorflow: "tensorflow",
  "tfjs-node": "tensorflow",
  node: "tensorflow",
  native: "tensorflow",
  wasm: "wasm",
  cpu: "cpu",
};

/** Parses a back-end name as `COSIR_BACKEND` accepts it (aliases: gpu, node, native, tfjs-node, ...). */
export function parseBackendName(value: string): BackendName {
  const name = aliases[value.trim().toLowerCase()];
  if (name === undefined) {
    throw new InvalidConfigError("COSIR_BACKEND", value, `expected one of ${Object.keys(aliases).join(", ")}`);
  }
  return name;
}

export interface SelectBackendOptions {
  /** Force a back end (else `COSIR_BACKEND`, else the first that loads of tensorflow-gpu, tensorflow, wasm, cpu). */
  backend?: BackendName | string;
  /** Where the one-line choice is printed (default: stderr). Pass `null` to stay silent. */
  log?: ((line: string) => void) | null;
}

let chosen: Promise<BackendChoice> | undefined;

/**
 * Picks and initialises the tfjs back end once per process and prints the choice once; later calls
 * return the same choice. The native builds are optional peer dependencies loaded by dynamic import,
 * so a machine without them (no libtensorflow download) falls through to wasm, then cpu.
 */
export function selectBackend(options: SelectBackendOptions = {}): Promise<BackendChoice> {
  chosen ??= choose(options).catch((error: unknown) => {
    chosen = undefined;
    throw error;
  });
  return chosen;
}

async function choose(options: SelectBackendOptions): Promise<BackendChoice> {
  const requested = options.backend ?? process.env.COSIR_BACKEND;
  const order: BackendName[] =
    requested !== undefined && requested !== ""
      ? [parseBackendName(requested)]
      : ["tensorflow-gpu", "tensorflow", "wasm", "cpu"];
  const failures: string[] = [];
  for (const name of order) {
    try {
      const choice = await tryBackend(name);
      registerGradients();
      const why =
        order.length === 1
          ? "requested"
          : failures.length > 0
            ? `not available: ${failures.join("; ")}`
            : "first available";
      choice.description = `[cosir] tfjs back end: ${choice.description} (${why})`;
      const log = options.log === undefined ? (line: string) => process.stderr.write(`${line}\n`) : options.log;
      log?.(choice.description);
      return choice;
    } catch (error) {
      failures.push(`${name}: ${firstLine(error)}`);
    }
  }
  throw new InvalidConfigError(
    "backend",
    requested ?? order.join(","),
    `no tfjs back end could start (${failures.join("; ")})`,
  );
}

async function tryBackend(name: BackendName): Promise<BackendChoice> {
  switch (name) {
    case "tensorflow-gpu":
    case "tensorflow": {
      // A variable specifier keeps bundlers and the type checker from resolving an optional peer.
      const specifier = name === "tensorflow-gpu" ? "@tensorflow/tfjs-node-gpu" : "@tensorflow/tfjs-node";
      await import(/* @vite-ignore */ specifier);
      await activate("tensorflow");
      return { name, tfName: "tensorflow", threads: 0, description: specifier };
    }
    case "wasm": {
      const wasm = await import("@tensorflow/tfjs-backend-wasm");
      // Node cannot start tfjs-wasm's pthread workers (they are blob: URLs), so wasm runs its SIMD
      // kernels on one thread there; in a browser with cross-origin isolation it uses every core.
      let threads = 1;
      const multithread = await tf.env().getAsync("WASM_HAS_MULTITHREAD_SUPPORT");
      const cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
      if (multithread === true && "document" in globalThis && cores !== undefined) {
        threads = Math.max(1, Math.min(cores, 8));
        wasm.setThreadsCount(threads);
      }
      await activate("wasm");
      const simd = (await tf.env().getAsync("WASM_HAS_SIMD_SUPPORT")) === true;
      return {
        name,
        tfName: "wasm",
        threads,
        description: `@tensorflow/tfjs-backend-wasm (${simd ? "SIMD" : "no SIMD"}, ${threads} thread${threads === 1 ? "" : "s"})`,
      };
    }
    case "cpu": {
      await import("@tensorflow/tfjs-backend-cpu");
      await activate("cpu");
      return { name, tfName: "cpu", threads: 1, description: "@tensorflow/tfjs-backend-cpu (plain JavaScript)" };
    }
  }
}

async function activate(tfName: string): Promise<void> {
  const ok = await tf.setBackend(tfName);
  if (!ok || tf.getBackend() !== tfName)
    throw new CosirError("backend_unavailable", `tf.setBackend(${JSON.stringify(tfName)}) failed`);
  await tf.ready();
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0] ?? text;
}
