"""Fakes of an engine's tokenizer and sampler (character-level), and the live service from the environment."""

import json
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
STATELESS = os.environ.get("COSIR_SERVE_ENV_STATELESS") == "1"  # the service under test runs with a state secret
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


class ChatMLTokenizer:
    """A Qwen-style ChatML template (`<|im_start|>role\\ncontent<|im_end|>\\n`, generation prompt
    `<|im_start|>assistant\\n`) whose two markers are single special tokens; every other character is one token.
    `tools=` (as in transformers' `apply_chat_template`) is rendered into the system turn, and every call's
    keyword arguments are recorded."""

    SPECIAL = {"<|im_start|>": 1_000_001, "<|im_end|>": 1_000_002}

    def __init__(self):
        self.calls = []

    def apply_chat_template(self, messages, tokenize=False, add_generation_prompt=False, **kwargs):
        self.calls.append(dict(kwargs))
        out = ""
        tools = kwargs.get("tools")
        if tools is not None:
            listed = "\n".join(json.dumps(t, sort_keys=True) for t in tools)
            head = messages[0]["content"] + "\n\n" if messages and messages[0]["role"] == "system" else ""
            out += f"<|im_start|>system\n{head}# Tools\n{listed}<|im_end|>\n"
            if messages and messages[0]["role"] == "system":
                messages = messages[1:]
        for m in messages:
            out += f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n"
        if add_generation_prompt:
            out += "<|im_start|>assistant\n"
        return self.encode(out) if tokenize else out

    def encode(self, text, add_special_tokens=False):
        ids, i = [], 0
        while i < len(text):
            for marker, tid in self.SPECIAL.items():
                if text.startswith(marker, i):
                    ids.append(tid)
                    i += len(marker)
                    break
            else:
                ids.append(ord(text[i]))
                i += 1
        return ids

    def __call__(self, text, add_special_tokens=False):
        return {"input_ids": self.encode(text)}

    def decode(self, ids, skip_special_tokens=True):
        names = {v: k for k, v in self.SPECIAL.items()}
        return "".join(("" if skip_special_tokens else names[i]) if i in names else chr(i) for i in ids)


def chatml_reply(token_ids) -> str:
    """`canonical_reply` for a ChatML context: the cue is the last line of the last user turn."""
    text = ChatMLTokenizer().decode(token_ids, skip_special_tokens=False)
    user = text[text.rfind("<|im_start|>user\n") :]
    cue = user.split("<|im_end|>")[0].split("\n")[-1]
    return "CHOOSE o0" if "choose" in cue.lower() else "SHARE o0 a0 3"


class ChatMLServerManager:
    """verl's server manager for the ChatML stand-in: the reply ends with `<|im_end|>` (EOS) unless `stop_at_eos`
    is False (generation cut by max_tokens); `log_probs` only when `with_logprobs`."""

    def __init__(self, stop_at_eos=True, with_logprobs=False):
        self.stop_at_eos, self.with_logprobs = stop_at_eos, with_logprobs

    async def generate(self, request_id, *, prompt_ids, sampling_params):
        ids = ChatMLTokenizer().encode(chatml_reply(prompt_ids)) + ([ChatMLTokenizer.SPECIAL["<|im_end|>"]] if self.stop_at_eos else [])
        return SimpleNamespace(token_ids=ids, log_probs=[-0.25] * len(ids) if self.with_logprobs else None)


class ChatMLVllm:
    """OpenRLHF's llm_engine for the ChatML stand-in; per-token logprobs (vLLM's shape) when params.logprobs is set."""

    def __init__(self):
        self.calls = 0

    async def generate(self, token_ids, params):
        self.calls += 1
        text = chatml_reply(token_ids)
        ids = ChatMLTokenizer().encode(text) + [ChatMLTokenizer.SPECIAL["<|im_end|>"]]
        logprobs = None
        if getattr(params, "logprobs", None) is not None:
            logprobs = [{t: SimpleNamespace(logprob=-0.5)} for t in ids]
        return SimpleNamespace(outputs=[SimpleNamespace(token_ids=ids, text=text, logprobs=logprobs)])
