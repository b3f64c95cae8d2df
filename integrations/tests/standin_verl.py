"""A stand-in for the parts of verl that load and call our verl files, written by us from verl's public code.

Mirrors volcengine/verl main at b178a3cd (2026-01-29, v0.7.0-125), file by file:
- verl/utils/import_utils.py `load_module` / `load_extern_object`: a custom file is executed afresh on every
  load, under the module name `custom_module_<hash>`, not added to `sys.modules`.
- verl/trainer/ppo/reward.py `get_custom_reward_fn` + `load_reward_manager` (source "register": the legacy
  registry by `reward_manager.name`), called twice by verl/trainer/main_ppo.py (reward_fn, val_reward_fn).
- verl/workers/reward_manager/registry.py and verl/experimental/reward_loop/reward_manager/registry.py: two
  registries that refuse a second, different class under one name ("... has already been registered").
- verl/experimental/reward_loop/reward_loop.py `RewardLoopWorker._init_reward_fn` (custom reward file, then the
  reward-loop registry by the deprecated key `reward_model.reward_manager`) and `compute_score`;
  reward_manager/naive.py `run_single` (extra_info gets the agent loop's `tool_extra_fields`).
- verl/experimental/agent_loop/agent_loop.py: `register` (records `module.qualname` for hydra), `AgentLoopOutput`
  (`reward_score`, `response_logprobs` default None), `_compute_score` (reward loop only when `reward_score`
  is None) and `_postprocess` (a set `reward_score` becomes `rm_scores` on the last response token; extra_fields
  go to `non_tensor_batch`; `rollout_log_probs` only when `response_logprobs` is not None).
- verl/trainer/ppo/ray_trainer.py `_compute_or_extract_reward`: `rm_scores` present -> the reward manager is
  never called.
Tensors are nested lists here; `torch` is stubbed only when it is not installed.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types
from contextlib import contextmanager
from typing import Any

VERL_COMMIT = "b178a3cd56f58b2d502255daba591e92833930a7"


class Tensor(list):
    """A 2-D row-major list with the two tensor methods our reward manager uses."""

    device = "cpu"

    def size(self, dim: int) -> int:
        return len(self) if dim == 0 else len(self[0]) if self else 0


def _registry_module(name: str, message: str) -> types.ModuleType:
    mod = types.ModuleType(name)
    table: dict = {}

    def register(key: str):
        def decorator(cls):
            if key in table and table[key] != cls:
                raise ValueError(message.format(key=key, old=table[key], new=cls))
            table[key] = cls
            return cls

        return decorator

    def get_reward_manager_cls(key: str):
        if key not in table:
            raise ValueError(f"Unknown reward manager: {key}")
        return table[key]

    mod.register, mod.get_reward_manager_cls = register, get_reward_manager_cls
    mod.REGISTRY = table
    return mod


class AgentLoopOutput:
    def __init__(self, prompt_ids, response_ids, response_mask, metrics, response_logprobs=None, reward_score=None, num_turns=0, extra_fields=None, **rest):
        self.prompt_ids, self.response_ids, self.response_mask = prompt_ids, response_ids, response_mask
        self.response_logprobs, self.reward_score, self.num_turns = response_logprobs, reward_score, num_turns
        self.metrics, self.extra_fields = metrics, dict(extra_fields or {})


class AgentLoopBase:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass


class DataProto:
    def __init__(self, batch: dict, non_tensor_batch: dict, meta_info: dict | None = None):
        self.batch, self.non_tensor_batch, self.meta_info = batch, non_tensor_batch, meta_info or {}

    def __len__(self) -> int:
        return len(next(iter(self.non_tensor_batch.values())))

    def __getitem__(self, i: int):
        return types.SimpleNamespace(
            batch={k: v[i] for k, v in self.batch.items()},
            non_tensor_batch={k: v[i] for k, v in self.non_tensor_batch.items()},
        )


@contextmanager
def installed():
    """verl's modules (and `torch` when absent) in `sys.modules` for the duration; our cached modules are
    dropped first and restored after, so each use starts like a fresh verl process."""
    names = ["cosir_verl_rewards", "cosir_agent_loop"]
    saved = {k: v for k, v in sys.modules.items() if k == "verl" or k.startswith("verl.") or k == "torch" or k in names}
    for k in saved:
        del sys.modules[k]
    mods: dict = {}

    def add(name: str, mod: types.ModuleType | None = None) -> types.ModuleType:
        mod = mod or types.ModuleType(name)
        mods[name] = sys.modules[name] = mod
        return mod

    for pkg in ["verl", "verl.workers", "verl.experimental", "verl.experimental.reward_loop", "verl.experimental.agent_loop", "verl.utils"]:
        add(pkg)
    legacy = add("verl.workers.reward_manager.registry", _registry_module("verl.workers.reward_manager.registry", "Reward manager {key} has already been registered: {old} vs {new}"))
    add("verl.workers.reward_manager", legacy)
    abstract = add("verl.workers.reward_manager.abstract")
    abstract.AbstractRewardManager = type("AbstractRewardManager", (), {})
    loop = add("verl.experimental.reward_loop.reward_manager.registry", _registry_module("verl.experimental.reward_loop.reward_manager.registry", "reward manager {key} has already been registered: {old} vs {new}"))
    add("verl.experimental.reward_loop.reward_manager", loop)
    base = add("verl.experimental.reward_loop.reward_manager.base")

    class RewardManagerBase:
        def __init__(self, config: Any, tokenizer: Any):
            self.config, self.tokenizer = config, tokenizer

    base.RewardManagerBase = RewardManagerBase

    class NaiveRewardLoopManager(RewardManagerBase):
        def __init__(self, config, tokenizer, compute_score=None, reward_router_address=None, reward_model_tokenizer=None):
            super().__init__(config, tokenizer)
            self.compute_score = compute_score

        async def run_single(self, data):
            item = data[0]
            extra_info = dict(item.non_tensor_batch.get("extra_info", {}) or {})
            tool_extra_fields = item.non_tensor_batch.get("tool_extra_fields", None)
            if tool_extra_fields is not None:
                extra_info.update(tool_extra_fields.items())
            score = self.compute_score(data_source=item.non_tensor_batch["data_source"], solution_str="(decoded response)", ground_truth=item.non_tensor_batch["reward_model"]["ground_truth"], extra_info=extra_info)
            return {"reward_score": score, "reward_extra_info": {"acc": score}}

    loop.register("naive")(NaiveRewardLoopManager)
    agent_loop = add("verl.experimental.agent_loop.agent_loop")
    registry: dict = {}

    def register(agent_name: str):
        def decorator(subclass):
            registry[agent_name] = {"_target_": f"{subclass.__module__}.{subclass.__qualname__}"}
            return subclass

        return decorator

    agent_loop.AgentLoopBase, agent_loop.AgentLoopOutput, agent_loop.register = AgentLoopBase, AgentLoopOutput, register
    agent_loop._agent_loop_registry = registry
    import_utils = add("verl.utils.import_utils")
    import_utils.load_module, import_utils.load_extern_object = load_module, load_extern_object
    try:
        importlib.import_module("torch")
    except ImportError:
        torch = add("torch")
        torch.float32 = "float32"
        torch.tensor = lambda rows, dtype=None, device=None: Tensor([list(r) for r in rows])
    try:
        yield types.SimpleNamespace(legacy=legacy, loop=loop, agent_loop_registry=registry)
    finally:
        for k in list(sys.modules):
            if k in mods or k in names:
                del sys.modules[k]
        sys.modules.update(saved)


def load_module(module_path: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(f"custom_module_{hash(os.path.abspath(module_path))}", module_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_extern_object(module_path: str, object_name: str) -> Any:
    return getattr(load_module(module_path), object_name)


def load_reward_manager(config: dict, tokenizer: Any, num_examine: int) -> Any:
    compute_score = load_extern_object(config["custom_reward_function"]["path"], config["custom_reward_function"]["name"])
    cls = sys.modules["verl.workers.reward_manager"].get_reward_manager_cls(config["reward_manager"]["name"])
    return cls(tokenizer=tokenizer, num_examine=num_examine, compute_score=compute_score, reward_fn_key="data_source")


def main_ppo_reward_fns(config: dict, tokenizer: Any = None) -> tuple:
    """main_ppo.py: `reward_fn` and `val_reward_fn`, each a fresh load of the custom reward file."""
    return load_reward_manager(config, tokenizer, 0), load_reward_manager(config, tokenizer, 1)


class RewardLoopWorker:
    def __init__(self, config: dict, tokenizer: Any = None):
        self.config = config
        reward_fn = load_extern_object(config["custom_reward_function"]["path"], config["custom_reward_function"]["name"])
        cls = sys.modules["verl.experimental.reward_loop.reward_manager"].get_reward_manager_cls(config["reward_model"].get("reward_manager") or "naive")
        self.reward_loop = cls(config, tokenizer, reward_fn, None, None)

    async def compute_score(self, data: DataProto) -> dict:
        return await self.reward_loop.run_single(data)


async def run_agent_loop(loop: Any, sample: dict, use_reward_loop: bool, worker: RewardLoopWorker | None) -> AgentLoopOutput:
    """`_run_agent_loop` + `_compute_score` for one sample (dataset row `sample`)."""
    output = await loop.run({"temperature": 1.0}, **sample)
    if output.reward_score is None and use_reward_loop:
        data = DataProto(
            batch={"responses": Tensor([output.response_ids])},
            non_tensor_batch={**{k: [v] for k, v in sample.items()}, "__num_turns__": [output.num_turns], "tool_extra_fields": [output.extra_fields]},
        )
        result = await worker.compute_score(data)
        output.reward_score = result["reward_score"]
        output.extra_fields["reward_extra_info"] = result["reward_extra_info"]
    return output


def postprocess(outputs: list, response_length: int) -> DataProto:
    """`_postprocess`: right-padded responses; `rm_scores` when every `reward_score` is set."""
    pad = lambda row, v: list(row[:response_length]) + [v] * max(0, response_length - len(row))  # noqa: E731
    batch: dict = {
        "responses": Tensor([pad(o.response_ids, 0) for o in outputs]),
        "response_mask": Tensor([pad(o.response_mask, 0) for o in outputs]),
    }
    if outputs[0].response_logprobs is not None:
        batch["rollout_log_probs"] = Tensor([pad(o.response_logprobs, 0.0) for o in outputs])
    if all(o.reward_score is not None for o in outputs):
        rm = Tensor([[0.0] * response_length for _ in outputs])
        for row, o in zip(rm, outputs):
            row[len(o.response_ids) - 1] = float(o.reward_score)
        batch["rm_scores"] = rm
    non_tensor = {"__num_turns__": [o.num_turns for o in outputs]}
    for key in {k for o in outputs for k in o.extra_fields}:
        non_tensor[key] = [o.extra_fields.get(key) for o in outputs]
    return DataProto(batch, non_tensor)


def compute_or_extract_reward(batch: DataProto, reward_fn: Any) -> list:
    """ray_trainer `_compute_or_extract_reward` (training): `rm_scores` wins; else the reward manager."""
    if "rm_scores" in batch.batch.keys():
        return batch.batch["rm_scores"]
    return reward_fn(batch, return_dict=True)["reward_tensor"]
