"""The single-process local runner: `python local/serve.py [--demo]` is `souk serve`.

It starts the embedded Postgres (unless DATABASE_URL is set), migrates, and serves every route and
schedule declared in template.yaml by calling the very same Lambda handler callables with API Gateway
HTTP API v2 events (implementation: souk.runner).
"""

import sys

from souk.cli import main

if __name__ == "__main__":
    sys.exit(main(["serve", *sys.argv[1:]]))
