"""A stand-in for the parts of OpenRLHF that load and call our agent file, written by us from OpenRLHF's code.

Mirrors OpenRLHF v0.11.0 (3c3be623, 2026-08-13):
- openrlhf/utils/agent.py `AgentExecutorBase.execute(prompt, label, sampling_params, max_length, hf_tokenizer,
  llm_engine, images=None)`;
- openrlhf/trainer/ray/vllm_engine.py `_load_agent_executor` (the file executed as module "agent_module",
  `AgentExecutor` must subclass `AgentExecutorBase`, built with no arguments) and
  `RolloutRayActor.generate_responses` (every argument by keyword, `images=` included, since v0.10.0);
- openrlhf/trainer/ppo_utils/samples_generator.py `_process_response_into_experience` (the keys it reads,
  `rollout_log_probs` by subscript, the sequence cut to `--data.max_len`).
And v0.9.x (v0.9.10 vllm_engine.py `generate_responses`): the same keyword call without `images`.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from abc import ABC
from contextlib import contextmanager
from typing import Any

OPENRLHF_VERSION = "v0.11.0"


class AgentExecutorBase(ABC):
    async def execute(self, prompt, label, sampling_params, max_length: int, hf_tokenizer, llm_engine, images=None):
        raise NotImplementedError("AgentExecutorBase.execute is not implemented")


@contextmanager
def installed():
    names = ["openrlhf", "openrlhf.utils", "openrlhf.utils.agent"]
    saved = {k: sys.modules[k] for k in names if k in sys.modules}
    for name in names:
        sys.modules[name] = types.ModuleType(name)
    sys.modules["openrlhf.utils.agent"].AgentExecutorBase = AgentExecutorBase
    try:
        yield
    finally:
        for name in names:
            del sys.modules[name]
        sys.modules.update(saved)


def load_agent_executor(agent_func_path: str) -> Any:
    assert agent_func_path.endswith(".py"), "Agent path must be a Python file"
    spec = importlib.util.spec_from_file_location("agent_module", agent_func_path)
    agent_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(agent_module)
    assert hasattr(agent_module, "AgentExecutor"), "Agent module must contain AgentExecutor class"
    cls = agent_module.AgentExecutor
    assert issubclass(cls, AgentExecutorBase), "AgentExecutor must inherit from AgentExecutorBase"
    return cls()


async def generate_responses(executor, prompt, label, sampling_params, max_length, hf_tokenizer, llm_engine, images=None, version="v0.11.0"):
    """`generate_responses` as v0.10+ (`images=` by keyword) or v0.9.x (no `images`) calls `execute`."""
    kwargs = dict(prompt=prompt, label=label, sampling_params=sampling_params, max_length=max_length, hf_tokenizer=hf_tokenizer, llm_engine=llm_engine)
    if not version.startswith("v0.9"):
        kwargs["images"] = images
    return await executor.execute(**kwargs)


def process_response_into_experience(response: dict, max_len: int) -> dict:
    """What the trainer keeps of one response: sequence and action mask cut to max_len, rollout log-probs."""
    tokens = response["observation_tokens"][:max_len]
    action_mask = [0] * len(response["observation_tokens"])
    for start, end in response["action_ranges"]:
        action_mask[start:end] = [1] * (end - start)
    logprobs = response["rollout_log_probs"][1:max_len] if response["rollout_log_probs"] is not None else None
    return {
        "sequences": tokens,
        "action_mask": action_mask[1:max_len],
        "rollout_log_probs": logprobs,
        "reward": response.get("reward"),
        "prompt": response["prompt"],
        "label": response["label"],
        "images": response.get("images"),
    }
