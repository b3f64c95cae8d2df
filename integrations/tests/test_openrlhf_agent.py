import asyncio
import json
import unittest
from types import SimpleNamespace

from support import CharTokenizer, FakeVllm, client, needs_service

from cosir_agent import AgentExecutor


@needs_service
class OpenRLHFAgentTest(unittest.TestCase):
    def test_execute_returns_the_seat_sample_with_rewards_on_message_ends(self):
        label = json.dumps({"family": "random", "seed": 11, "surface": "canonical", "agents": 3, "rounds": 2, "agent": 1})
        executor = AgentExecutor(client=client())
        params = SimpleNamespace(max_tokens=64, logprobs=None)
        engine = FakeVllm()
        out = asyncio.run(executor.execute("PROMPT", label, params, 100_000, CharTokenizer(), engine))
        self.assertEqual(engine.calls, 3 * 2 + 3)  # every seat's messages and choices come from the policy
        tokens, ranges, token_rewards = out["observation_tokens"], out["action_ranges"], out["token_rewards"]
        self.assertEqual(len(ranges), 2 + 1)  # seat 1: two messages and its choice
        self.assertEqual(["".join(chr(t) for t in tokens[s:e]) for s, e in ranges], ["SHARE o0 a0 3", "SHARE o0 a0 3", "CHOOSE o0"])
        self.assertEqual(len(token_rewards), len(tokens))
        ends = {e - 1 for _, e in ranges}
        self.assertTrue(all(r == 0 for i, r in enumerate(token_rewards) if i not in ends))
        self.assertEqual([token_rewards[e - 1] for _, e in ranges], out["action_rewards"])
        self.assertAlmostEqual(sum(token_rewards), out["reward"], places=9)
        episode = executor.client.get_episode(out["cosir_episode_id"])  # the client holding the episode's state
        messages = [m for m in episode["rewards"]["messages"] if m["agent"] == 1]
        self.assertEqual(out["action_rewards"][:2], [m["total"] for m in messages])
        self.assertAlmostEqual(out["reward"], episode["rewards"]["returns"][1], places=9)


if __name__ == "__main__":
    unittest.main()
