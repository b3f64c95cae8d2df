// Child process of `runDemo`: trains one RL arm on its own core and reports back over IPC.
import { selectBackend } from "@cosir/policy/tfjs";
import { runDemoArm, type DemoArmSpec } from "./demo-arm";

type FromParent = { type: "run"; spec: DemoArmSpec };

process.once("message", async (message: FromParent) => {
  const send = (value: unknown) => new Promise<void>((done) => process.send?.(value, () => done()));
  try {
    await selectBackend({ log: null });
    const result = await runDemoArm(message.spec, { stream: process.stderr, quiet: true }, (line) => {
      void send({ type: "log", line });
    });
    await send({ type: "result", result });
    process.exit(0);
  } catch (error) {
    await send({ type: "error", message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
});
