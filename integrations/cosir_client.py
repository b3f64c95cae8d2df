"""HTTP client for `cosir serve-env` and the engine-agnostic episode driver the OpenRLHF and verl adapters share.

Standard library only. The service URL and token come from arguments or from COSIR_SERVE_ENV_URL /
COSIR_SERVE_ENV_TOKEN. `step` retries with the same request id, so a retried call never steps twice.
Against a stateless service (`cosir serve-env --workers N` or `--state-secret`) the client keeps each
episode's latest `state` token and sends it back with the next call, so any replica can answer.
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
        self.states: dict = {}  # episode id -> latest state token (stateless service only)
        self.sent: dict = {}  # episode id -> (request id, state token) of its last step, for retries

    MAX_STATES = 100_000

    def _keep_state(self, episode_id: str, answer: Any) -> Any:
        if isinstance(answer, dict) and isinstance(answer.get("state"), str):
            self.states.pop(episode_id, None)
            self.states[episode_id] = answer["state"]
            if len(self.states) > self.MAX_STATES:
                self.states.pop(next(iter(self.states)))
        return answer

    def request(self, method: str, path: str, body: Any = None, headers: Optional[dict] = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = dict(headers or {})
        if data is not None:
            headers["content-type"] = "application/json"
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        for attempt in range(self.retries + 1):
            wait = min(0.25 * 2**attempt, 4.0)
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
                # Overloaded (admission control) or closing: the server says when to come back.
                retry_after = e.headers.get("retry-after")
                if retry_after is not None and retry_after.isdigit():
                    wait = min(float(retry_after), 30.0)
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if attempt == self.retries:
                    raise
            time.sleep(wait)
        raise AssertionError("unreachable")

    def create_episode(self, request: dict) -> dict:
        created = self.request("POST", "/v1/episodes", request)
        return self._keep_state(created.get("episodeId", ""), created)

    def step(self, episode_id: str, agent: int, text: str, request_id: Optional[str] = None) -> dict:
        body: dict = {"agent": agent, "text": text}
        if request_id is not None:
            body["requestId"] = request_id
        last = self.sent.get(episode_id)
        if request_id is not None and last is not None and last[0] == request_id:
            body["state"] = last[1]  # a retry of the last step: the state it was sent with
        elif episode_id in self.states:
            body["state"] = self.states[episode_id]
        if "state" in body:
            self.sent.pop(episode_id, None)
            self.sent[episode_id] = (request_id, body["state"])
            if len(self.sent) > self.MAX_STATES:
                self.sent.pop(next(iter(self.sent)))
        return self._keep_state(episode_id, self.request("POST", f"/v1/episodes/{episode_id}/step", body))

    def get_episode(self, episode_id: str) -> dict:
        state = self.states.get(episode_id)
        if state:
            # The state in the body: a long episode's state is past any header size limit.
            return self.request("POST", f"/v1/episodes/{episode_id}", {"state": state})
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
    """What an RL engine supplies: its chat template, its tokenizer and its sampler. `render` passes `tools`
    to the template only when given (serve-env observations of a "tool" surface carry them)."""

    def render(self, messages: list, add_generation_prompt: bool, tools: Optional[list] = None) -> str: ...
    def encode(self, text: str) -> list: ...
    def decode_raw(self, ids: list) -> str: ...
    def generate(self, token_ids: list, agent: int) -> Awaitable[tuple[list, str, Optional[list]]]: ...


def template_kwargs(tools: Optional[list]) -> dict:
    """Keyword arguments for `apply_chat_template`: `tools=` only when the observation carried tool schemas."""
    return {"tools": tools} if tools is not None else {}


@dataclass
class Action:
    phase: str  # "preChoice" | "discuss" | "choose"
    turn: int  # discussion turn, -1 for choices
    start: int  # token span [start, end) in the seat's stream
    end: int


@dataclass
class SeatStream:
    """One seat's running chat as tokens: prompt and teammates' messages (mask 0) and its own actions (mask 1).
    `logprobs` is complete (`has_logprobs`) only when the sampler returned one log-prob per token of every
    action; teammates' and template tokens get 0.0, as the engines do for tool responses."""

    chat: list = field(default_factory=list)
    tokens: list = field(default_factory=list)
    mask: list = field(default_factory=list)
    logprobs: list = field(default_factory=list)
    actions: list = field(default_factory=list)
    prompt_length: int = 0
    tools: Optional[list] = None
    has_logprobs: bool = True

    def extend(self, ids: list, trained: bool, logprobs: Optional[list] = None) -> None:
        self.tokens.extend(ids)
        self.mask.extend([1 if trained else 0] * len(ids))
        if trained and (logprobs is None or len(logprobs) != len(ids)):
            self.has_logprobs = False
        self.logprobs.extend(logprobs if logprobs is not None and len(logprobs) == len(ids) else [0.0] * len(ids))

    def rollout_logprobs(self) -> Optional[list]:
        """The log-probs aligned with `tokens`, or None when the sampler gave none (never zeros standing in)."""
        return self.logprobs if self.has_logprobs and self.actions else None


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


SENTINEL = "\u2063cosir\u2063"  # assistant content no template rewrites (no think tags, no whitespace)


def assistant_close(engine: Engine, tools: Optional[list] = None) -> str:
    """What the chat template writes after an assistant message's content (ChatML: `<|im_end|>\\n`)."""
    probe = [{"role": "user", "content": "x"}, {"role": "assistant", "content": SENTINEL}]
    text = engine.render(probe, False, **template_kwargs(tools))
    at = text.rfind(SENTINEL)
    return text[at + len(SENTINEL) :] if at >= 0 else ""


def user_turn_text(engine: Engine, chat: list, tools: Optional[list] = None) -> str:
    """Template text a new user message adds after a closed assistant message, up to the next generation
    prompt: the delta between the chat rendered with and without it. When the template rewrites history (e.g.
    drops earlier reasoning) the delta is taken on a two-message probe chat instead."""
    kw = template_kwargs(tools)
    before, after = engine.render(chat[:-1], False, **kw), engine.render(chat, True, **kw)
    if not after.startswith(before):
        probe = [{"role": "user", "content": "x"}, {"role": "assistant", "content": SENTINEL}]
        before, after = engine.render(probe, False, **kw), engine.render([*probe, chat[-1]], True, **kw)
    return after[len(before) :] if after.startswith(before) else engine.render(chat[-1:], True, **kw)


def turn_boundary(engine: Engine, chat: list, generated: str, tools: Optional[list] = None) -> str:
    """Text between a seat's last generated token and its next action, exactly as the template renders the
    chat: the rest of the assistant close the sampler did not emit (ChatML: the `\\n` after `<|im_end|>`, or
    all of `<|im_end|>\\n` when generation stopped on max_tokens), then the new user turn and the generation
    prompt."""
    close = assistant_close(engine, tools)
    k = len(close)
    while k > 0 and not generated.endswith(close[:k]):
        k -= 1
    return close[k:] + user_turn_text(engine, chat, tools)


def feedback_text(engine: Engine, chat: list) -> str:
    """Template text the new user message adds after the seat's last action, the assistant close included
    (kept for callers of 0.1; `play_episode` uses `turn_boundary`, which knows what the sampler emitted)."""
    return turn_boundary(engine, chat, "")


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
        tools = observation.get("tools")
        if stream is None:
            stream = streams[agent] = SeatStream(chat=list(observation["chat"]), tools=tools)
            stream.extend(engine.encode(engine.render(stream.chat, True, **template_kwargs(tools))), trained=False)
            stream.prompt_length = len(stream.tokens)
        else:
            if tools is not None:
                stream.tools = tools
            stream.chat.append({"role": "user", "content": observation["update"]})
            last = stream.actions[-1]
            generated = engine.decode_raw(stream.tokens[last.start : last.end])
            stream.extend(engine.encode(turn_boundary(engine, stream.chat, generated, stream.tools)), trained=False)
        ids, text, logprobs = await engine.generate(list(stream.tokens), agent)
        start = len(stream.tokens)
        stream.extend(list(ids), trained=True, logprobs=logprobs)
        stream.chat.append({"role": "assistant", "content": text})
        stream.actions.append(Action(observation["phase"], observation["turn"], start, len(stream.tokens)))
        result = await blocking(client.step, episode_id, agent, text, f"{episode_id}:{n}")
        n += 1
        observation = result["observation"]
    return EpisodeResult(episode_id, result.get("rewards", {"messages": [], "agents": [], "returns": []}), streams)
