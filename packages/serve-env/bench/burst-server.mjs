// The server of the burst bench (bench/burst.mjs), in its own process so that its peak RSS and CPU time are its
// own: starts the episode service with the options given as JSON in argv[2], prints "@port <n>", and drains and
// exits on SIGTERM, printing "@closed <ms>".
import { startEnvServer } from "../dist/index.js";

const options = JSON.parse(process.argv[2] ?? "{}");
const server = await startEnvServer({ port: 0, ...options });
process.stdout.write(`@port ${server.port}\n`);
process.on("SIGTERM", async () => {
  const start = performance.now();
  await server.close();
  process.stdout.write(`@closed ${Math.round(performance.now() - start)}\n`);
  process.exit(0);
});
