// Test helper: one training run in its own process, on the built package, so a test can SIGKILL it and
// resume it. usage: node train-child.mjs start DIR CONFIG_JSON | node train-child.mjs resume DIR
import { TrainConfigSchema, TrainRun } from "../../dist/index.js";

const [mode, dir, configJson] = process.argv.slice(2);
const io = { progress: { stream: process.stderr, quiet: true } };
const run =
  mode === "resume"
    ? await TrainRun.resume(dir, io, (json) => TrainConfigSchema.parse(json))
    : await TrainRun.start(JSON.parse(configJson), dir, io);
try {
  await run.train();
} finally {
  run.dispose();
}
