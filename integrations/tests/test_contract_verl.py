"""Contract: our verl files as verl main (b178a3cd, early 2026) loads and calls them (standin_verl.py)."""

import asyncio
import importlib
import json
import os
import unittest

import standin_verl as verl
from support import ROOT, ChatMLServerManager, ChatMLTokenizer, client, needs_service

LOOP_FILE = os.path.join(ROOT, "verl", "cosir_agent_loop.py")
LABEL = json.dumps({"family": "hiddenProfile", "seed": 5, "surface": "canonical"})
SAMPLE = {"data_source": "cosir/hiddenProfile", "reward_model": {"style": "rule", "ground_truth": LABEL}, "extra_info": {"index": 0}}
RESPONSE_LENGTH = 4096


def config(use_reward_loop: bool, loop_manager: str = "cosir") -> dict:
    return {
        "custom_reward_function": {"path": LOOP_FILE, "name": "compute_score"},
        "reward_manager": {"source": "register", "name": "cosir"},
        "reward_model": {"use_reward_loop": use_reward_loop, "reward_manager": loop_manager},
    }


def agent_loop(server_manager):
    module = importlib.import_module("cosir_agent_loop")  # the yaml's `_target_` import, inside the stand-in
    loop = module.CosirAgentLoop(client=client())
    loop.tokenizer, loop.server_manager = ChatMLTokenizer(), server_manager
    return loop


def train_step(use_reward_loop: bool, loop_manager: str = "cosir", server_manager=None):
    """One rollout + reward as verl's trainer does it; returns (batch, reward tensor, agent-loop output)."""
    cfg = config(use_reward_loop, loop_manager)
    reward_fn, _ = verl.main_ppo_reward_fns(cfg)
    worker = verl.RewardLoopWorker(cfg) if use_reward_loop else None
    out = asyncio.run(verl.run_agent_loop(agent_loop(server_manager or ChatMLServerManager()), SAMPLE, use_reward_loop, worker))
    batch = verl.postprocess([out], RESPONSE_LENGTH)
    return batch, verl.compute_or_extract_reward(batch, reward_fn), out


class VerlLoadingContractTest(unittest.TestCase):
    def test_reward_file_executed_twice_registers_cosir_in_both_registries(self):
        with verl.installed() as v:
            reward_fn, val_reward_fn = verl.main_ppo_reward_fns(config(False))  # two fresh executions
            verl.RewardLoopWorker(config(True))  # a third, in the reward-loop worker
            self.assertIs(type(reward_fn), v.legacy.get_reward_manager_cls("cosir"))
            self.assertIs(type(val_reward_fn), type(reward_fn))
            self.assertEqual(v.loop.get_reward_manager_cls("cosir").__name__, "CosirRewardLoopManager")

    def test_by_path_execution_leaves_the_agent_loop_target_importable(self):
        with verl.installed() as v:
            importlib.import_module("cosir_agent_loop")
            verl.main_ppo_reward_fns(config(False))
            target = v.agent_loop_registry["cosir_agent"]["_target_"]
            module, _, name = target.rpartition(".")
            self.assertTrue(hasattr(importlib.import_module(module), name), target)


@needs_service
class VerlRewardPathContractTest(unittest.TestCase):
    def test_reward_loop_off_puts_each_message_reward_on_its_token(self):
        with verl.installed():
            batch, reward, out = train_step(use_reward_loop=False)
        self.assertIsNone(out.reward_score)
        self.assertNotIn("rm_scores", batch.batch)
        token_rewards = out.extra_fields["cosir_token_rewards"]
        self.assertEqual(reward[0][: len(token_rewards)], token_rewards)
        self.assertGreaterEqual(sum(1 for r in token_rewards if r != 0), 2)  # several actions carry credit
        self.assertAlmostEqual(sum(reward[0]), out.extra_fields["cosir_seat_return"], places=9)

    def test_reward_loop_on_gives_the_seat_return_through_either_manager(self):
        for manager in ("cosir", "naive"):
            with verl.installed():
                batch, reward, out = train_step(use_reward_loop=True, loop_manager=manager)
            self.assertIn("rm_scores", batch.batch, manager)
            self.assertAlmostEqual(sum(reward[0]), out.extra_fields["cosir_seat_return"], places=9)
            self.assertEqual(reward[0][len(out.response_ids) - 1], out.reward_score)

    def test_response_logprobs_only_when_the_sampler_returns_them(self):
        with verl.installed():
            batch, _, out = train_step(False, server_manager=ChatMLServerManager(with_logprobs=False))
            self.assertIsNone(out.response_logprobs)
            self.assertNotIn("rollout_log_probs", batch.batch)
            batch, _, out = train_step(False, server_manager=ChatMLServerManager(with_logprobs=True))
        self.assertEqual(len(out.response_logprobs), len(out.response_ids))
        self.assertEqual({lp for lp, m in zip(out.response_logprobs, out.response_mask) if m == 1}, {-0.25})


if __name__ == "__main__":
    unittest.main()
