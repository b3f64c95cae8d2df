import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { selectBackend } from "../tfjs/backend";
import { saveCheckpoint } from "../tfjs/checkpoint/save-checkpoint";
import { Transformer } from "../tfjs/model/transformer";
import { CanonicalTokenizer } from "../tfjs/tokenizer/canonical-tokenizer";

/** Writes a tiny random checkpoint (env's full canonical vocabulary) to a fresh temp directory. */
export async function tinyCheckpoint(): Promise<{ dir: string; root: string }> {
  await selectBackend({ log: null });
  const root = await mkdtemp(join(tmpdir(), "cosir-serve-"));
  const dir = join(root, "tiny");
  const tokenizer = CanonicalTokenizer.fromVocabulary();
  const model = new Transformer(
    { vocabSize: tokenizer.size, width: 16, layers: 1, heads: 2, context: 192 },
    { seed: 1 },
  );
  await saveCheckpoint(dir, { model, tokenizer });
  model.dispose();
  return { dir, root };
}
