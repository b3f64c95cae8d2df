"""Fakes of an engine's tokenizer and sampler (character-level), and the live service from the environment."""

import os
import sys
import unittest
from types import SimpleNamespace

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (ROOT, os.path.join(ROOT, "openrlhf"), os.path.join(ROOT, "verl")):
    if path not in sys.path:
        sys.path.insert(0, path)

from cosir_client import CosirClient  # noqa: E402

URL = os.environ.get("COSIR_SERVE_ENV_URL")
needs_service = unittest.skipUnless(URL, "set COSIR_SERVE_ENV_URL to a running `cosir serve-env` (the vitest runner does)")


def client() -> CosirClient:
    return CosirClient(URL, os.environ.get("COSIR_SERVE_ENV_TOKEN"), timeout=30, retries=1)


class CharTokenizer:
    """A chat template `<|role|>content\\n` and one token per character."""

    def apply_chat_template(self, messages, tokenize=False, add_generation_prompt=False):
        text = "".join(f"<|{m['role']}|>{m['content']}\n" for m in messages) + ("<|assistant|>" if add_generation_prompt else "")
        return [ord(c) for c in text] if tokenize else text

    def __call__(self, text, add_special_tokens=False):
        return {"input_ids": [ord(c) for c in text]}

    def encode(self, text, add_special_tokens=False):
        return [ord(c) for c in text]

    def decode(self, ids, skip_special_tokens=True):
        return "".join(chr(i) for i in ids)


def canonical_reply(context: str) -> str:
    """A scripted canonical-surface speaker: choose o0 when asked to choose, else share a (maybe false) rating."""
    cue = context[context.rfind("<|user|>"):]
    return "CHOOSE o0" if "CHOOSE" in cue.split("\n")[-2] or "choose" in cue.split("\n")[-2] else "SHARE o0 a0 3"


class FakeVllm:
    """OpenRLHF's llm_engine: `generate(token_ids, params)` -> request output with `.outputs[0]`."""

    def __init__(self):
        self.calls = 0

    async def generate(self, token_ids, params):
        self.calls += 1
        text = canonical_reply("".join(chr(i) for i in token_ids))
        return SimpleNamespace(outputs=[SimpleNamespace(token_ids=[ord(c) for c in text], text=text, logprobs=None)])


class FakeServerManager:
    """verl's AsyncLLMServerManager: `generate(request_id=, prompt_ids=, sampling_params=)` -> TokenOutput."""

    async def generate(self, request_id, *, prompt_ids, sampling_params):
        text = canonical_reply("".join(chr(i) for i in prompt_ids))
        return SimpleNamespace(token_ids=[ord(c) for c in text], log_probs=[-0.5] * len(text))
