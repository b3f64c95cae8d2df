import asyncio
import json
import unittest

from support import CharTokenizer, FakeServerManager, client, needs_service

from cosir_agent_loop import CosirAgentLoop, token_level_rewards


class TokenLevelRewardsTest(unittest.TestCase):
    def test_pads_and_cuts_rows(self):
        self.assertEqual(token_level_rewards([[1.0], [0.0, 2.0, 3.0]], 2), [[1.0, 0.0], [0.0, 2.0]])


@needs_service
class VerlAgentLoopTest(unittest.TestCase):
    def test_run_returns_the_seat_trajectory_with_token_rewards(self):
        loop = CosirAgentLoop(client=client())
        loop.tokenizer, loop.server_manager = CharTokenizer(), FakeServerManager()
        label = json.dumps({"family": "hiddenProfile", "seed": 5, "surface": "canonical"})
        out = asyncio.run(loop.run({"temperature": 1.0}, reward_model={"style": "rule", "ground_truth": label}))
        response, mask, rewards = out["response_ids"], out["response_mask"], out["extra_fields"]["cosir_token_rewards"]
        self.assertTrue("".join(chr(t) for t in out["prompt_ids"]).endswith("<|assistant|>"))
        self.assertEqual(len(response), len(mask))
        self.assertEqual(len(rewards), len(response))
        self.assertEqual(len(out["response_logprobs"]), len(response))
        # Rewards sit on the last token of the seat's own actions (mask 1 followed by mask 0 or the end).
        for i, r in enumerate(rewards):
            if r != 0:
                self.assertEqual(mask[i], 1)
                self.assertTrue(i + 1 == len(mask) or mask[i + 1] == 0)
        self.assertNotIn("reward_score", out)  # set, it would make verl skip the reward manager
        self.assertAlmostEqual(sum(rewards), out["extra_fields"]["cosir_seat_return"], places=9)
        said = "".join(chr(t) for t, m in zip(response, mask) if m == 1)
        self.assertTrue(said.endswith("CHOOSE o0"))


if __name__ == "__main__":
    unittest.main()
