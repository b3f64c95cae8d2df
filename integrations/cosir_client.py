"""HTTP client for `cosir serve-env` and the engine-agnostic episode driver the OpenRLHF and verl adapters share.

Standard library only. The service URL and token come from arguments or from COSIR_SERVE_ENV_URL /
COSIR_SERVE_ENV_TOKEN. `step` retries with the same request id, so a retried call never steps twice.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Optional, Protocol


class CosirServiceError(Exception):
    """A 4xx/5xx answer from serve-env: `status`, `code`, `field` and the server's message."""

    def __init__(self, status: int, body: Any):
        error = body.get("error", {}) if isinstance(body, dict) else {}
        self.status, self.code, self.field = status, error.get("code"), error.get("field")
        super().__init__(f"HTTP {status}: {error.get('message', body)}")


class CosirClient:
    def __init__(self, base_url: Optional[str] = None, token: Optional[str] = None, timeout: float = 60.0, retries: int = 4):
        self.base_url = (base_url or os.environ.get("COSIR_SERVE_ENV_URL") or "http://127.0.0.1:8000").rstrip("/")
        self.token = token if token is not None else os.environ.get("COSIR_SERVE_ENV_TOKEN")
        self.timeout, self.retries = timeout, retries

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"content-type": "application/json"} if data is not None else {}
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        for attempt in range(self.retries + 1):
            req = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as res:
                    return json.loads(res.read().decode("utf-8"))
            except urllib.error.HTTPError as e:
                payload = e.read().decode("utf-8", "replace")
                try:
                    parsed = json.loads(payload)
                except ValueError:
                    parsed = payload
                # 503 = the service is full or closing: worth a retry; other statuses are final.
                if e.code != 503 or attempt == self.retries:
                    raise CosirServiceError(e.code, parsed) from None
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if attempt == self.retries:
                    raise
            time.sleep(min(0.25 * 2**attempt, 4.0))
        raise AssertionError("unreachable")

    def create_episode(self, request: dict) -> dict:
        return self.request("POST", "/v1/episodes", request)

    def step(self, episode_id: str, agent: int, text: str, request_id: Optional[str] = None) -> dict:
        body: dict = {"agent": agent, "text": text}
        if request_id is not None:
            body["requestId"] = request_id
        return self.request("POST", f"/v1/episodes/{episode_id}/step", body)

    def get_episode(self, episode_id: str) -> dict:
        return self.request("GET", f"/v1/episodes/{episode_id}")

    def get_reward(self, query: list, prompts: list, labels: list) -> dict:
        return self.request("POST", "/get_reward", {"query": query, "prompts": prompts, "labels": labels})


def episode_request(label: Any) -> tuple[dict, int]:
    """(POST /v1/episodes body, trained seat) from a label: `cosir export`'s `{"task", "surface"}`, `{"family", "seed", ...}`
    or a bare task, as a JSON string or a dict. The optional `agent` key picks the seat to train (default 0)."""
    value = json.loads(label) if isinstance(label, str) else dict(label)
    seat = int(value.pop("agent", 0))
    if "version" in value and "table" in value:
        return {"task": value, "surface": "natural"}, seat
    value.setdefault("surface", "natural")
    return value, seat


class Engine(Protocol):
    """What an RL engine supplies: its chat template, its tokenizer and its sampler."""

    def render(self, messages: list, add_generation_prompt: bool) -> str: ...
    def encode(self, text: str) -> list: ...
    def generate(self, token_ids: list, agent: int) -> Awaitable[tuple[list, str, Optional[list]]]: ...


@dataclass
class Action:
    phase: str  # "preChoice" | "discuss" | "choose"
    turn: int  # discussion turn, -1 for choices
    start: int  # token span [start, end) in the seat's stream
    end: int


@dataclass
class SeatStream:
    """One seat's running chat as tokens: prompt and teammates' messages (mask 0) and its own actions (mask 1)."""

    chat: list = field(default_factory=list)
    tokens: list = field(default_factory=list)
    mask: list = field(default_factory=list)
    logprobs: list = field(default_factory=list)
    actions: list = field(default_factory=list)
    prompt_length: int = 0

    def extend(self, ids: list, trained: bool, logprobs: Optional[list] = None) -> None:
        self.tokens.extend(ids)
        self.mask.extend([1 if trained else 0] * len(ids))
        self.logprobs.extend(logprobs if logprobs is not None and len(logprobs) == len(ids) else [0.0] * len(ids))


@dataclass
class EpisodeResult:
    episode_id: str
    rewards: dict  # the server's breakdown: messages (per agent, turn), agents, returns, teamCorrect
    streams: dict  # agent -> SeatStream

    def action_rewards(self, agent: int) -> list:
        """Reward of each of the seat's actions: a message's total at its turn, the agent's final total at its choice."""
        by_turn = {m["turn"]: m["total"] for m in self.rewards["messages"] if m["agent"] == agent}
        final = next((a["total"] for a in self.rewards["agents"] if a["agent"] == agent), 0.0)
        out = []
        for a in self.streams[agent].actions:
            out.append(by_turn.get(a.turn, 0.0) if a.phase == "discuss" else final if a.phase == "choose" else 0.0)
        return out

    def token_rewards(self, agent: int) -> list:
        """Dense per-token rewards for the seat's stream: each action's reward on that action's last token."""
        stream = self.streams[agent]
        out = [0.0] * len(stream.tokens)
        for action, reward in zip(stream.actions, self.action_rewards(agent)):
            if action.end > 0:
                out[action.end - 1] += reward
        return out


def feedback_text(engine: Engine, chat: list) -> str:
    """Template text the new user message adds after the seat's last action (falls back to the message alone)."""
    before = engine.render(chat[:-1], False)
    after = engine.render(chat, True)
    return after[len(before):] if after.startswith(before) else engine.render(chat[-1:], True)


async def play_episode(client: CosirClient, request: dict, engine: Engine, blocking: Callable = asyncio.to_thread) -> EpisodeResult:
    """Self-play one episode through serve-env: the engine's policy speaks for every seat in protocol order.
    Each seat keeps its own running chat (first prompt, then `update` messages), so each seat's stream is a
    training sample whose actions can carry their own rewards."""
    created = await blocking(client.create_episode, request)
    episode_id, observation = created["episodeId"], created["observation"]
    streams: dict = {}
    result: dict = created
    n = 0
    while observation is not None:
        agent = observation["agent"]
        stream = streams.get(agent)
        if stream is None:
            stream = streams[agent] = SeatStream(chat=list(observation["chat"]))
            stream.extend(engine.encode(engine.render(stream.chat, True)), trained=False)
            stream.prompt_length = len(stream.tokens)
        else:
            stream.chat.append({"role": "user", "content": observation["update"]})
            stream.extend(engine.encode(feedback_text(engine, stream.chat)), trained=False)
        ids, text, logprobs = await engine.generate(list(stream.tokens), agent)
        start = len(stream.tokens)
        stream.extend(list(ids), trained=True, logprobs=logprobs)
        stream.chat.append({"role": "assistant", "content": text})
        stream.actions.append(Action(observation["phase"], observation["turn"], start, len(stream.tokens)))
        result = await blocking(client.step, episode_id, agent, text, f"{episode_id}:{n}")
        n += 1
        observation = result["observation"]
    return EpisodeResult(episode_id, result.get("rewards", {"messages": [], "agents": [], "returns": []}), streams)
