"""verl AgentLoop for CoSIR, registered as `cosir_agent` (config: integrations/verl/cosir_agent_loop.yaml).

Each `run` self-plays one CoSIR episode through `cosir serve-env` (the policy speaks for every seat) and returns
the trained seat's running chat: `prompt_ids` (its first prompt), `response_ids` (its messages, mask 1, and its
teammates' messages, mask 0), `extra_fields["cosir_token_rewards"]` aligned with `response_ids` (each message's
reward on its last token) and `extra_fields["cosir_seat_return"]`. `reward_score` stays None on purpose: verl
turns a set `reward_score` into `rm_scores` on the last token and then never calls the reward manager, which
would drop the per-message credit. The reward managers "cosir" (cosir_verl_rewards.py, registered when verl
executes this file through `custom_reward_function.path`) read those fields: per-token with
`reward_model.use_reward_loop=False`, the seat's return with the reward loop on.
Service URL and token: COSIR_SERVE_ENV_URL, COSIR_SERVE_ENV_TOKEN. Tokens per turn: COSIR_MAX_TOKENS_PER_TURN.
"""

from __future__ import annotations

import os
import sys
from typing import Any
from uuid import uuid4

for _path in (os.path.dirname(os.path.abspath(__file__)), os.path.dirname(os.path.dirname(os.path.abspath(__file__)))):
    if _path not in sys.path:  # loadable by file path; imported by module name, so cached across executions
        sys.path.insert(0, _path)
from cosir_client import CosirClient, episode_request, play_episode, template_kwargs  # noqa: E402
from cosir_verl_rewards import register_all, seat_return, token_level_rewards  # noqa: E402, F401

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

    def render(self, messages: list, add_generation_prompt: bool, tools: list | None = None) -> str:
        return self.loop.tokenizer.apply_chat_template(
            messages, tokenize=False, add_generation_prompt=add_generation_prompt, **template_kwargs(tools)
        )

    def encode(self, text: str) -> list:
        return list(self.loop.tokenizer.encode(text, add_special_tokens=False))

    def decode_raw(self, ids: list) -> str:
        return self.loop.tokenizer.decode(ids, skip_special_tokens=False)

    async def generate(self, token_ids: list, agent: int):
        params = dict(self.sampling_params)
        params["max_tokens"] = min(int(params.get("max_tokens", self.max_tokens_per_turn)), self.max_tokens_per_turn)
        output = await self.loop.server_manager.generate(request_id=self.request_id, prompt_ids=token_ids, sampling_params=params)
        ids = list(output.token_ids)
        return ids, self.loop.tokenizer.decode(ids, skip_special_tokens=True), getattr(output, "log_probs", None)


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
        ret = float(episode.rewards["returns"][seat]) if episode.rewards["returns"] else 0.0
        logprobs = stream.rollout_logprobs()
        return AgentLoopOutput(
            prompt_ids=stream.tokens[:p],
            response_ids=stream.tokens[p:end],
            response_mask=stream.mask[p:end],
            response_logprobs=logprobs[p:end] if logprobs is not None else None,
            num_turns=2 * len(stream.actions),
            metrics={},
            extra_fields={
                "cosir_token_rewards": episode.token_rewards(seat)[p:end],
                "cosir_seat_return": ret,
                "cosir_episode_id": episode.episode_id,
                "reward_extra_info": {"cosir_team_correct": float(bool(episode.rewards.get("teamCorrect")))},
            },
        )


if sys.modules.get(__name__) is not None:
    # Registered only when imported by name (the yaml's `cosir_agent_loop.CosirAgentLoop`): verl's `register`
    # records the class's module path, and a by-path execution (`custom_reward_function.path`) runs under a
    # throwaway module name that hydra could not import later.
    register("cosir_agent")(CosirAgentLoop)


def compute_score(data_source: str, solution_str: str, ground_truth: str, extra_info: Any = None, **kwargs: Any) -> float:
    """verl `custom_reward_function`. For a `cosir_agent` sample (verl's naive managers pass the agent loop's
    extra fields inside `extra_info`) it is the seat's return; otherwise (single-turn use) the response scored
    by serve-env's `/get_reward`. verl executing this file also registers the reward managers "cosir"."""
    if isinstance(extra_info, dict) and extra_info.get("cosir_seat_return") is not None:
        return seat_return(extra_info)
    return float(CosirClient().get_reward([solution_str], [""], [ground_truth])["rewards"][0])


register_all()
