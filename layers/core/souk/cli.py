"""The ``souk`` command: migrate, serve, load events, manage seller bindings (and more as issues land)."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from souk.config import get_settings

REPO_ROOT = Path(__file__).resolve().parents[3]


def _conninfo() -> str:
    from souk.db.pool import database_url

    return database_url(get_settings())


def cmd_migrate(_: argparse.Namespace) -> int:
    from souk.db.migrate import MIGRATIONS_DIR, migrate

    applied = migrate(_conninfo(), get_settings().migrations_dir or MIGRATIONS_DIR)
    print("applied: " + (", ".join(applied) if applied else "nothing (up to date)"))
    return 0


def cmd_load(args: argparse.Namespace) -> int:
    from souk.catalog.loader import load_events_file

    with _connection() as conn:
        summary = load_events_file(conn, Path(args.file), get_settings(), rebase_to_now=args.rebase)
    print(json.dumps(summary, indent=2))
    return 0


def _connection():  # type: ignore[no-untyped-def]
    from souk.db import get_pool

    return get_pool().connection()


def cmd_serve(args: argparse.Namespace) -> int:
    from souk.runner.serve import serve

    return serve(host=args.host, port=args.port, demo=args.demo, template=Path(args.template))


def cmd_seller(args: argparse.Namespace) -> int:
    from souk.catalog.bindings import change_binding

    with _connection() as conn:
        result = change_binding(conn, args.listing, args.pay_to, action=args.action, reason=args.reason)
    print(json.dumps(result, indent=2))
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    import hashlib

    from souk.evaluation.report import dumps
    from souk.evaluation.run import EvalPaths, run_eval

    settings = get_settings()
    if args.external:
        from souk.evaluation.external import run_external

        print(json.dumps(run_external(settings, Path(args.external), progress=not args.quiet), indent=2))
        return 0
    if args.crawl:
        from souk.evaluation.crawl import run_crawl_check

        print(json.dumps(run_crawl_check(settings, Path(args.crawl), progress=not args.quiet), indent=2))
        return 0
    paths = EvalPaths()
    committed = paths.reports / "latest.json"
    committed_digest = hashlib.sha256(committed.read_bytes()).hexdigest() if committed.exists() else None
    outcome = run_eval(settings, paths=paths, write=not args.no_write, check_gate=args.gate,
                       progress=not args.quiet)
    digest = outcome.digest or hashlib.sha256(dumps(outcome.report).encode()).hexdigest()
    shipped = outcome.report["results"]["test"][outcome.report["shippedArm"]]
    print(f"report sha256 {digest}; committed {committed_digest or 'none'}; "
          f"reproduced: {'yes' if digest == committed_digest else 'no'}")
    print("test split, shipped arm: " + ", ".join(
        f"{k}={v['mean']:.4f}" for k, v in sorted(shipped.items()) if v.get("n")))
    if outcome.regressions:
        print("EVALUATION GATE FAILED:")
        for line in outcome.regressions:
            print("  - " + line)
        return 1
    if args.gate:
        print("evaluation gate: no significant regression on the held-out split")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="souk", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("migrate", help="apply pending SQL migrations").set_defaults(func=cmd_migrate)

    serve = sub.add_parser("serve", help="run every route and schedule in template.yaml in one process")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8402)
    serve.add_argument("--demo", action="store_true", help="load the demo catalog through the cataloging path")
    serve.add_argument("--template", default=str(REPO_ROOT / "template.yaml"))
    serve.set_defaults(func=cmd_serve)

    load = sub.add_parser("load", help="catalog a JSONL file of facilitator events")
    load.add_argument("file")
    load.add_argument("--rebase", action="store_true", help="shift event times so the newest is now")
    load.set_defaults(func=cmd_load)

    evaluation = sub.add_parser("eval", help="run the evaluation harness (all arms, golden set, report)")
    evaluation.add_argument("--gate", action="store_true", help="fail on a significant held-out regression")
    evaluation.add_argument("--no-write", action="store_true", help="do not overwrite eval/reports")
    evaluation.add_argument("--external", help="an external set in the MetaTool shape (docs + queries)")
    evaluation.add_argument("--crawl", help="a Bazaar crawl (resources list) to load and probe")
    evaluation.add_argument("--quiet", action="store_true")
    evaluation.set_defaults(func=cmd_eval)

    seller = sub.add_parser("seller", help="operator changes to a listing's payTo binding")
    seller.add_argument("action", choices=["bind", "move", "unbind"])
    seller.add_argument("listing", help="listing id or listing key")
    seller.add_argument("pay_to")
    seller.add_argument("--reason", required=True, help="why (recorded in binding_changes)")
    seller.set_defaults(func=cmd_seller)
    return parser


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
