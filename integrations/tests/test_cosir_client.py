import json
import unittest

from support import STATELESS, client, needs_service

from cosir_client import CosirServiceError, episode_request


class EpisodeRequestTest(unittest.TestCase):
    def test_reads_every_label_form(self):
        task = {"version": 1, "id": "t", "table": [[1]]}
        self.assertEqual(episode_request(json.dumps({"task": task, "surface": "canonical"})), ({"task": task, "surface": "canonical"}, 0))
        self.assertEqual(episode_request({"family": "random", "seed": 3, "agent": 2}), ({"family": "random", "seed": 3, "surface": "natural"}, 2))
        self.assertEqual(episode_request(json.dumps(task)), ({"task": task, "surface": "natural"}, 0))


@needs_service
class ServiceTest(unittest.TestCase):
    def test_plays_an_episode_with_idempotent_retries(self):
        c = client()
        created = c.create_episode({"family": "random", "seed": 7, "surface": "canonical", "agents": 2, "rounds": 1})
        self.assertEqual(created["agentSelection"], 0)
        self.assertEqual([m["role"] for m in created["observation"]["chat"]], ["system", "user"])
        first = c.step(created["episodeId"], 0, "SHARE o0 a0 3", request_id="py-1")
        again = c.step(created["episodeId"], 0, "SHARE o0 a0 3", request_id="py-1")
        same = lambda answer: {k: v for k, v in answer.items() if k != "state"}  # noqa: E731 (a fresh token each time)
        self.assertEqual(same(first), same(again))
        result = first
        while not result["done"]:
            result = c.step(created["episodeId"], result["agentSelection"], "CHOOSE o1")
        self.assertEqual(len(result["rewards"]["returns"]), 2)
        trace = c.get_episode(created["episodeId"])["trace"]
        self.assertEqual(len(trace["messages"]), 2)  # the retry did not step twice
        self.assertEqual([m["turn"] for m in result["rewards"]["messages"]], [0, 1])

    def test_state_tokens_travel_and_a_replayed_state_is_refused(self):
        c = client()
        created = c.create_episode({"family": "random", "seed": 7, "surface": "canonical", "agents": 2, "rounds": 1})
        if not STATELESS:  # in-memory episodes: answers carry no state and the client sends none
            self.assertNotIn("state", created)
            self.assertEqual(c.states, {})
            return
        c.step(created["episodeId"], 0, "SHARE o0 a0 3")
        c.states[created["episodeId"]] = created["state"]  # send the spent state again, for another step
        with self.assertRaises(CosirServiceError) as replay:
            c.step(created["episodeId"], 0, "PASS")
        self.assertEqual((replay.exception.status, replay.exception.code, replay.exception.field), (409, "state_replayed", "body.state"))

    def test_get_reward_speaks_openrlhf_protocol(self):
        label = json.dumps({"family": "random", "seed": 7, "surface": "canonical", "agents": 2, "rounds": 1})
        out = client().get_reward(["PROMPT A0: SHARE o0 a0 3\nA1: PASS\nA0: CHOOSE o1\nA1: CHOOSE o1"], ["PROMPT "], [label])
        self.assertEqual(set(out) >= {"rewards", "scores", "extra_logs", "per_message"}, True)
        self.assertEqual(len(out["rewards"]), 1)
        self.assertEqual(len(out["per_message"][0]), 2)
        total = sum(m["total"] for m in out["per_message"][0]) + sum(a["total"] for a in out["per_agent"][0])
        self.assertAlmostEqual(out["rewards"][0], total, places=9)

    def test_errors_carry_status_and_field(self):
        c = client()
        with self.assertRaises(CosirServiceError) as unknown:
            c.get_episode("nope")
        if STATELESS:  # no state token for an episode it never created: the state is missing
            self.assertEqual((unknown.exception.status, unknown.exception.code), (400, "invalid_state"))
        else:
            self.assertEqual(unknown.exception.status, 404)
        with self.assertRaises(CosirServiceError) as bad:
            c.create_episode({"family": "random", "seed": "x"})
        self.assertEqual((bad.exception.status, bad.exception.field), (400, "body.seed"))


if __name__ == "__main__":
    unittest.main()
