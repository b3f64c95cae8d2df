"""Contract: our OpenRLHF agent file as OpenRLHF v0.11.0 and v0.9.x load and call it (standin_openrlhf.py)."""

import asyncio
import json
import os
import unittest
from types import SimpleNamespace

import standin_openrlhf as openrlhf
from support import ROOT, ChatMLTokenizer, ChatMLVllm, client, needs_service

AGENT_FILE = os.path.join(ROOT, "openrlhf", "cosir_agent.py")
LABEL = json.dumps({"family": "random", "seed": 11, "surface": "canonical", "agents": 3, "rounds": 2, "agent": 1})


def run(version: str, logprobs=None):
    with openrlhf.installed():
        executor = openrlhf.load_agent_executor(AGENT_FILE)
        executor.client = client()
        params = SimpleNamespace(max_tokens=64, logprobs=logprobs)
        coro = openrlhf.generate_responses(executor, "PROMPT", LABEL, params, 100_000, ChatMLTokenizer(), ChatMLVllm(), images=None, version=version)
        return asyncio.run(coro)


@needs_service
class OpenRLHFContractTest(unittest.TestCase):
    def test_v0_11_keyword_call_with_images(self):
        response = run("v0.11.0")
        experience = openrlhf.process_response_into_experience(response, 100_000)
        self.assertEqual(len(response["action_ranges"]), 3)
        self.assertIsNone(experience["rollout_log_probs"])  # the sampler was not asked for log-probs
        self.assertEqual(sum(experience["action_mask"]), sum(e - s for s, e in response["action_ranges"]))

    def test_v0_9_call_without_images(self):
        response = run("v0.9.10")
        self.assertEqual(len(response["action_ranges"]), 3)

    def test_log_probs_when_the_sampler_returns_them(self):
        response = run("v0.11.0", logprobs=1)
        self.assertEqual(len(response["rollout_log_probs"]), len(response["observation_tokens"]))
        on_actions = {i for s, e in response["action_ranges"] for i in range(s, e)}
        for i, lp in enumerate(response["rollout_log_probs"]):
            self.assertEqual(lp, -0.5 if i in on_actions else 0.0)


if __name__ == "__main__":
    unittest.main()
