"""OpenRLHF agent file for CoSIR: `--train.agent_func_path integrations/openrlhf/cosir_agent.py`.

OpenRLHF loads the `AgentExecutor` class of this file. Each `execute` self-plays one CoSIR episode through
`cosir serve-env` (the policy speaks for every seat) and returns the trained seat's running chat as the sample:
`observation_tokens`, one `action_ranges` entry per message/choice of that seat, and `reward` = the seat's
return (what stock OpenRLHF uses). Per-message credit is kept in `token_rewards` (each message's reward on
that message's last token) and `action_rewards`, for a trainer that reads them; stock OpenRLHF sums them.
Service URL and token: COSIR_SERVE_ENV_URL, COSIR_SERVE_ENV_TOKEN. Tokens per turn: COSIR_MAX_TOKENS_PER_TURN.
"""

from __future__ import annotations

import os
import sys
from copy import deepcopy
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # loadable by file path
from cosir_client import CosirClient, episode_request, play_episode, template_kwargs  # noqa: E402

try:  # the engine is optional: without it the HTTP logic stays importable and testable
    from openrlhf.utils.agent import AgentExecutorBase
except ImportError:  # pragma: no cover - exercised when OpenRLHF is absent

    class AgentExecutorBase:  # type: ignore[no-redef]
        pass


class OpenRLHFEngine:
    """Chat template and tokenizer from the HF tokenizer; sampling from OpenRLHF's vLLM engine."""

    def __init__(self, hf_tokenizer: Any, llm_engine: Any, sampling_params: Any, max_length: int, max_tokens_per_turn: int):
        self.tokenizer, self.llm_engine, self.sampling_params = hf_tokenizer, llm_engine, sampling_params
        self.max_length, self.max_tokens_per_turn = max_length, max_tokens_per_turn

    def render(self, messages: list, add_generation_prompt: bool, tools: list | None = None) -> str:
        return self.tokenizer.apply_chat_template(
            messages, tokenize=False, add_generation_prompt=add_generation_prompt, **template_kwargs(tools)
        )

    def encode(self, text: str) -> list:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def decode_raw(self, ids: list) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=False)

    async def generate(self, token_ids: list, agent: int):
        params = deepcopy(self.sampling_params)
        params.max_tokens = max(1, min(self.max_tokens_per_turn, self.max_length - len(token_ids)))
        output = (await self.llm_engine.generate(token_ids, params)).outputs[0]
        ids = list(output.token_ids)
        logprobs = None
        if getattr(output, "logprobs", None):
            logprobs = [step[token].logprob for step, token in zip(output.logprobs, ids)]
        return ids, output.text, logprobs


class AgentExecutor(AgentExecutorBase):
    def __init__(self, client: CosirClient | None = None):
        self.client = client or CosirClient()
        self.max_tokens_per_turn = int(os.environ.get("COSIR_MAX_TOKENS_PER_TURN", "256"))

    async def execute(self, prompt, label, sampling_params, max_length: int, hf_tokenizer, llm_engine, images=None, **kwargs):
        """OpenRLHF >= 0.10 passes every argument by keyword, `images=` included (text-only here: images are
        ignored); 0.9.x passes the same six without `images`. Later keyword additions land in `kwargs`."""
        request, seat = episode_request(label)
        engine = OpenRLHFEngine(hf_tokenizer, llm_engine, sampling_params, max_length, self.max_tokens_per_turn)
        episode = await play_episode(self.client, request, engine)
        stream = episode.streams[seat]
        seat_return = float(episode.rewards["returns"][seat]) if episode.rewards["returns"] else 0.0
        return {
            "prompt": prompt,
            "label": label,
            "reward": seat_return,
            "scores": seat_return,
            "observation_tokens": stream.tokens,
            "action_ranges": [(a.start, a.end) for a in stream.actions],
            "rollout_log_probs": stream.rollout_logprobs() if getattr(sampling_params, "logprobs", None) is not None else None,
            "extra_logs": {
                "cosir_team_correct": float(bool(episode.rewards.get("teamCorrect"))),
                "cosir_seat_return": seat_return,
                "cosir_messages": float(len(episode.rewards["messages"])),
            },
            "token_rewards": episode.token_rewards(seat),
            "action_rewards": episode.action_rewards(seat),
            "cosir_episode_id": episode.episode_id,
        }
