// A standalone scripted HiddenBench chat server for trying `cosir bench --hiddenbench` by hand:
//   node packages/bench/bench/scripted-server.mjs --behaviour discloser|withholder [--port 8391] [--delay-ms 0] [--tasks FILE]
//     [--style json|letter|thinking|cutoff]
// It answers as @cosir/bench's scriptedHiddenBenchServer does and prints its base URL; Ctrl-C stops it.
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { loadHiddenBench, scriptedHiddenBenchServer } from "../dist/index.js";

const { values } = parseArgs({
  options: {
    behaviour: { type: "string", default: "discloser" },
    port: { type: "string", default: "8391" },
    "delay-ms": { type: "string", default: "0" },
    style: { type: "string", default: "json" },
    tasks: {
      type: "string",
      default: fileURLToPath(new URL("../src/hiddenbench/fixtures/hidden-bench-fixture.json", import.meta.url)),
    },
  },
});
const inner = await scriptedHiddenBenchServer({
  tasks: loadHiddenBench(values.tasks),
  behaviour: values.behaviour,
  delayMs: Number(values["delay-ms"]),
  style: values.style,
});
// a fixed port in front of the scripted server (which listens on a free one)
const proxy = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    const r = await fetch(`${inner.url}${req.url.replace(/^\/v1/, "")}`, {
      method: req.method,
      headers: { "content-type": "application/json" },
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "text/plain" });
    res.end(Buffer.from(await r.arrayBuffer()));
  });
});
proxy.listen(Number(values.port), "127.0.0.1", () =>
  console.log(`scripted HiddenBench server (${values.behaviour}) at http://127.0.0.1:${values.port}/v1`),
);
