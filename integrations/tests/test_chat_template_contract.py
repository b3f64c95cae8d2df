"""Contract: each seat's token stream is exactly its chat as the tokenizer's own chat template renders it
(ChatML: `<|im_end|>\\n<|im_start|>user` between turns), and observation `tools` reach `apply_chat_template`."""

import asyncio
import unittest
from types import SimpleNamespace

from support import ChatMLServerManager, ChatMLTokenizer, ChatMLVllm, client, needs_service

from cosir_agent import OpenRLHFEngine
from cosir_agent_loop import VerlEngine
from cosir_client import play_episode

REQUEST = {"family": "random", "seed": 11, "surface": "canonical", "agents": 3, "rounds": 2}
TOOLS = [{"type": "function", "function": {"name": "share", "description": "Share a rating", "parameters": {"type": "object", "properties": {}}}}]


def openrlhf_engine(tokenizer):
    return OpenRLHFEngine(tokenizer, ChatMLVllm(), SimpleNamespace(max_tokens=64, logprobs=None), 100_000, 256)


def verl_engine(tokenizer, stop_at_eos=True):
    loop = SimpleNamespace(tokenizer=tokenizer, server_manager=ChatMLServerManager(stop_at_eos=stop_at_eos))
    return VerlEngine(loop, {"temperature": 1.0}, 256)


class ScriptedClient:
    """serve-env answers for one seat, two steps, with `tools` on every observation (the "tool" surface)."""

    def __init__(self):
        self.steps = 0

    def observation(self, update):
        chat = [{"role": "system", "content": "You are agent 0."}, {"role": "user", "content": "Discuss."}]
        return {"agent": 0, "phase": "discuss", "turn": self.steps, "chat": chat, "update": update, "tools": TOOLS}

    def create_episode(self, request):
        return {"episodeId": "e", "observation": self.observation("")}

    def step(self, episode_id, agent, text, request_id=None):
        self.steps += 1
        if self.steps == 2:
            return {"observation": None, "done": True, "rewards": {"messages": [], "agents": [], "returns": [0.0]}}
        return {"observation": self.observation("A1: PASS\n\nYour turn."), "done": False}


class ToolsContractTest(unittest.TestCase):
    def test_tools_reach_apply_chat_template_for_both_adapters(self):
        for make in (openrlhf_engine, verl_engine):
            tokenizer = ChatMLTokenizer()
            episode = asyncio.run(play_episode(ScriptedClient(), {}, make(tokenizer)))
            self.assertTrue(tokenizer.calls)
            self.assertTrue(all(call.get("tools") == TOOLS for call in tokenizer.calls), tokenizer.calls)
            text = tokenizer.decode(episode.streams[0].tokens, skip_special_tokens=False)
            self.assertIn('"name": "share"', text)


@needs_service
class TurnBoundaryContractTest(unittest.TestCase):
    def check(self, tokenizer, engine):
        episode = asyncio.run(play_episode(client(), dict(REQUEST), engine))
        self.assertEqual(len(episode.streams), 3)
        for stream in episode.streams.values():
            text = tokenizer.decode(stream.tokens, skip_special_tokens=False)
            rendered = tokenizer.apply_chat_template(stream.chat, tokenize=False)
            self.assertTrue(rendered.startswith(text), (text, rendered))
            self.assertIn(rendered[len(text) :], ("\n", "<|im_end|>\n"))  # only the close after the last action
            self.assertIn("<|im_end|>\n<|im_start|>user", text)
            self.assertNotIn("<|im_end|><|im_start|>", text)
            for a in stream.actions:  # actions are the sampled ids only, the close is not trained on
                self.assertTrue(all(m == 1 for m in stream.mask[a.start : a.end]))
        self.assertFalse(any("tools" in call for call in tokenizer.calls))  # no tools, no `tools=`

    def test_stream_equals_the_template_rendering_openrlhf(self):
        tokenizer = ChatMLTokenizer()
        self.check(tokenizer, openrlhf_engine(tokenizer))

    def test_stream_equals_the_template_rendering_verl_when_generation_stops_at_max_tokens(self):
        tokenizer = ChatMLTokenizer()
        self.check(tokenizer, verl_engine(tokenizer, stop_at_eos=False))


if __name__ == "__main__":
    unittest.main()
