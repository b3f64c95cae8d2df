"""verl reward managers for CoSIR, registered as "cosir" in both of verl's registries.

Imported by module name (not executed by file path), so the classes are created once per process however
often verl executes `cosir_agent_loop.py` (`main_ppo` loads the custom reward file once for `reward_fn` and
again for `val_reward_fn`, each a fresh module execution): registering the same class again is a no-op in
verl's registries, and `register_all` skips a name that already holds our class.

- `CosirRewardManager` (legacy registry `verl.workers.reward_manager`, used when
  `reward_model.use_reward_loop=False`): the per-token rewards of `extra_fields["cosir_token_rewards"]` become
  the reward tensor, so each message's reward sits on its last token and reaches the advantage estimator.
- `CosirRewardLoopManager` (reward-loop registry `verl.experimental.reward_loop.reward_manager`, used by the
  `RewardLoopWorker` when `use_reward_loop=True`): the reward loop carries one scalar per sample, so this
  returns the seat's return (`extra_fields["cosir_seat_return"]`); verl puts it on the last token.
"""

from __future__ import annotations

from typing import Any

NAME = "cosir"


def token_level_rewards(token_rewards: list, response_length: int) -> list:
    """Rows of `cosir_token_rewards` right-padded (or cut) to the batch's response length."""
    return [list(row[:response_length]) + [0.0] * max(0, response_length - len(row)) for row in token_rewards]


def seat_return(extra: Any) -> float:
    """The seat's return from an item's extra fields (0.0 when the sample did not come from `cosir_agent`)."""
    if isinstance(extra, dict) and extra.get("cosir_seat_return") is not None:
        return float(extra["cosir_seat_return"])
    return 0.0


try:
    from verl.workers.reward_manager.abstract import AbstractRewardManager as _LegacyBase
except ImportError:  # pragma: no cover - verl absent

    class _LegacyBase:  # type: ignore[no-redef]
        pass


try:
    from verl.experimental.reward_loop.reward_manager.base import RewardManagerBase as _LoopBase
except ImportError:  # pragma: no cover - verl absent or older than the reward loop

    class _LoopBase:  # type: ignore[no-redef]
        def __init__(self, config: Any, tokenizer: Any) -> None:
            self.config, self.tokenizer = config, tokenizer


class CosirRewardManager(_LegacyBase):
    """Token-level rewards from the agent loop (`reward_model.use_reward_loop=False`, `reward_manager.name=cosir`)."""

    def __init__(self, tokenizer: Any = None, num_examine: int = 0, compute_score: Any = None, reward_fn_key: str = "data_source", **kwargs: Any):
        self.tokenizer = tokenizer

    def __call__(self, data: Any, return_dict: bool = False):
        import torch

        if "rm_scores" in data.batch.keys():  # already scored in the rollout (reward loop on): pass through
            tensor = data.batch["rm_scores"]
            return {"reward_tensor": tensor, "reward_extra_info": {}} if return_dict else tensor
        responses = data.batch["responses"]
        rows = token_level_rewards(list(data.non_tensor_batch["cosir_token_rewards"]), responses.size(1))
        reward_tensor = torch.tensor(rows, dtype=torch.float32, device=responses.device)
        return {"reward_tensor": reward_tensor, "reward_extra_info": {}} if return_dict else reward_tensor


class CosirRewardLoopManager(_LoopBase):
    """The seat's return per sample for verl's reward loop (`use_reward_loop=True`): scalar credit only."""

    def __init__(self, config: Any, tokenizer: Any, compute_score: Any = None, reward_router_address: Any = None, reward_model_tokenizer: Any = None):
        super().__init__(config, tokenizer)

    async def run_single(self, data: Any) -> dict:
        item = data[0]
        extra = item.non_tensor_batch.get("tool_extra_fields", None)
        score = seat_return(extra)
        return {"reward_score": score, "reward_extra_info": {"cosir_seat_return": score}}


def register_all() -> list:
    """Registers both managers under "cosir" in whichever verl registries exist; returns the registries
    touched. Idempotent: a name that already holds our class is left alone."""
    touched = []
    for module, cls in (
        ("verl.workers.reward_manager.registry", CosirRewardManager),
        ("verl.experimental.reward_loop.reward_manager.registry", CosirRewardLoopManager),
    ):
        try:
            registry_module = __import__(module, fromlist=["register", "get_reward_manager_cls"])
        except ImportError:
            continue
        try:
            existing = registry_module.get_reward_manager_cls(NAME)
        except ValueError:  # "Unknown reward manager"
            existing = None
        if existing is not cls:
            registry_module.register(NAME)(cls)  # a different class under "cosir" is a real clash: verl raises
        touched.append(module)
    return touched
