"""Pool packets for the v1.2 long task-style drafts (queries-1.2.draft.jsonl) into pool-1.2/.

    python eval/golden/pool_v12.py

Pools = the top 20 of every evaluation arm plus the shipped pipeline with its relevance floor off
(the floor is being replaced, so its candidates must be judged too), plus the writer's candidates.
"""

from __future__ import annotations

from pathlib import Path

from souk.config import get_settings
from souk.evaluation import arms, pooling
from souk.search import understanding
from souk.search.profile import with_name

HERE = Path(__file__).parent


def main() -> None:
    # The drafts run up to ~540 characters; pool them even where the shipped limit is lower.
    understanding.MAX_QUERY_CHARS = max(understanding.MAX_QUERY_CHARS, 4000)
    arms.ARMS["full_no_floor"] = with_name(arms.ARMS["full"], "full-no-floor", floor=False)
    pooling.ARMS = arms.ARMS
    sizes = pooling.build_pools(get_settings(), HERE / "queries-1.2.draft.jsonl", HERE / "pool-1.2")
    print(f"{len(sizes)} packets, {sum(sizes.values())} pairs")


if __name__ == "__main__":
    main()
