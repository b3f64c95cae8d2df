"""verl AgentLoop for CoSIR, registered as `cosir_agent` (config: integrations/verl/cosir_agent_loop.yaml).

Each `run` self-plays one CoSIR episode through `cosir serve-env` (the policy speaks for every seat) and returns
the trained seat's running chat: `prompt_ids` (its first prompt), `response_ids` (its messages, mask 1, and its
teammates' messages, mask 0), `reward_score` = the seat's return, and `extra_fields["cosir_token_rewards"]`
aligned with `response_ids`, each message's reward on its last token. `CosirRewardManager` (reward manager
"cosir") turns those into token-level rewards so REINFORCE++'s reward-to-go credits each message.
Service URL and token: COSIR_SERVE_ENV_URL, COSIR_SERVE_ENV_TOKEN. Tokens per turn: COSIR_MAX_TOKENS_PER_TURN.
"""

from __future__ import annotations

import os
import sys
from typing import Any
from uuid import uuid4

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # loadable by file path
from cosir_client import CosirClient, episode_request, play_episode  # noqa: E402

try:  # the engine is optional: without it the HTTP logic stays importable and testable
    from verl.experimental.agent_loop.agent_loop import AgentLoopBase, AgentLoopOutput, register
except ImportError:  # pragma: no cover - exercised when verl is absent
    AgentLoopOutput = dict  # type: ignore[assignment,misc]

    class AgentLoopBase:  # type: ignore[no-redef]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

    def register(name: str):  # type: ignore[no-redef]
        return lambda cls: cls


class VerlEngine:
    """Chat template and tokenizer of the loop; sampling from verl's async LLM server manager."""

    def __init__(self, loop: Any, sampling_params: dict, max_tokens_per_turn: int):
        self.loop, self.sampling_params, self.max_tokens_per_turn = loop, sampling_params, max_tokens_per_turn
        self.request_id = uuid4().hex  # sticky server per episode (prefix caching)

    def render(self, messages: list, add_generation_prompt: bool) -> str:
        return self.loop.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=add_generation_prompt)

    def encode(self, text: str) -> list:
        return list(self.loop.tokenizer.encode(text, add_special_tokens=False))

    async def generate(self, token_ids: list, agent: int):
        params = dict(self.sampling_params)
        params["max_tokens"] = min(int(params.get("max_tokens", self.max_tokens_per_turn)), self.max_tokens_per_turn)
        output = await self.loop.server_manager.generate(request_id=self.request_id, prompt_ids=token_ids, sampling_params=params)
        ids = list(output.token_ids)
        return ids, self.loop.tokenizer.decode(ids, skip_special_tokens=True), getattr(output, "log_probs", None)


@register("cosir_agent")
class CosirAgentLoop(AgentLoopBase):
    def __init__(self, *args: Any, client: CosirClient | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.client = client or CosirClient()
        self.max_tokens_per_turn = int(os.environ.get("COSIR_MAX_TOKENS_PER_TURN", "256"))
        config = getattr(self, "config", None)
        self.response_length = int(config.actor_rollout_ref.rollout.response_length) if config is not None else 1 << 30

    async def run(self, sampling_params: dict, **kwargs: Any):
        request, seat = episode_request(kwargs["reward_model"]["ground_truth"])
        episode = await play_episode(self.client, request, VerlEngine(self, sampling_params, self.max_tokens_per_turn))
        stream = episode.streams[seat]
        p, end = stream.prompt_length, stream.prompt_length + self.response_length
        seat_return = float(episode.rewards["returns"][seat]) if episode.rewards["returns"] else 0.0
        return AgentLoopOutput(
            prompt_ids=stream.tokens[:p],
            response_ids=stream.tokens[p:end],
            response_mask=stream.mask[p:end],
            response_logprobs=stream.logprobs[p:end],
            reward_score=seat_return,
            num_turns=2 * len(stream.actions),
            metrics={},
            extra_fields={
                "cosir_token_rewards": episode.token_rewards(seat)[p:end],
                "cosir_episode_id": episode.episode_id,
                "reward_extra_info": {"cosir_team_correct": float(bool(episode.rewards.get("teamCorrect")))},
            },
        )


def compute_score(data_source: str, solution_str: str, ground_truth: str, extra_info: Any = None) -> float:
    """verl `custom_reward_function` for single-turn use: the response scored by serve-env's `/get_reward`
    (importing this file through `custom_reward_function.path` also registers reward manager "cosir")."""
    return float(CosirClient().get_reward([solution_str], [""], [ground_truth])["rewards"][0])


def token_level_rewards(token_rewards: list, response_length: int) -> list:
    """Rows of `cosir_token_rewards` right-padded (or cut) to the batch's response length."""
    return [list(row[:response_length]) + [0.0] * max(0, response_length - len(row)) for row in token_rewards]


try:  # reward manager "cosir": token-level rewards from the agent loop, for REINFORCE++ / GAE credit per message
    import torch
    from verl.workers.reward_manager import register as register_reward_manager

    @register_reward_manager("cosir")
    class CosirRewardManager:
        def __init__(self, tokenizer: Any = None, num_examine: int = 0, compute_score: Any = None, reward_fn_key: str = "data_source", **kwargs: Any):
            pass

        def __call__(self, data: Any, return_dict: bool = False):
            responses = data.batch["responses"]
            rows = token_level_rewards(list(data.non_tensor_batch["cosir_token_rewards"]), responses.size(1))
            reward_tensor = torch.tensor(rows, dtype=torch.float32, device=responses.device)
            return {"reward_tensor": reward_tensor, "reward_extra_info": {}} if return_dict else reward_tensor
except ImportError:  # pragma: no cover - verl/torch absent
    pass
