"""Checking a seller's ``info`` against the seller's own JSON Schema, without running the seller's regexes.

The bazaar extension's ``schema`` is the seller's, and the SDK checks ``info`` against it with jsonschema, whose
``pattern``, ``patternProperties`` (and, through them, ``additionalProperties`` and ``unevaluatedProperties``)
run Python's backtracking ``re``: ``(a+)+$`` against 27 a's and a "!" held a request thread for 12.6 s, and
each further "a" doubles that (catastrophic backtracking, a ReDoS). Removing those keywords from the document
is not enough: a ``$ref`` may point anywhere in it, into ``default`` or ``examples`` too. So Souk validates
with a validator whose regex keywords do nothing, and which, where patterns decide what ``additionalProperties``
and ``unevaluatedProperties`` allow, allows it: the check only ever gets looser than the seller's schema.
References stay same-document only, as the SDK requires (an external ``$ref`` or ``$id`` is an SSRF): the
validator gets an empty registry, so a base URI changed by a draft-04 ``id`` (hidden under ``default``, where the
document scan cannot tell it from a property named "id") does not resolve either, where jsonschema's default
registry fetched it with urlopen and no timeout. A ``$ref`` onto something that is not a schema (a number, a
string) is refused, as are patterns Python cannot compile and type names the dialect does not know. A
subschema's own ``$schema`` does not switch back to jsonschema's stock keywords (``_pinned``).

The work is bounded too, since ``$ref`` is the same kind of lever as a pattern. Five ``$defs`` that each
``allOf`` twenty ``$ref`` s to the next are 4.4 KB and 20^5 (3.2 million) checks: 40 s of CPU, twenty times more
per further level. A ``$ref`` to itself never ends (RecursionError), and one to nowhere raises. So every keyword
evaluation is charged to a per-call :class:`_Budget` (deterministic, no clock): one step, plus the size of
what it compares, copies into a message or loops over (see ``_Budget.cost``), at most ``MAX_STEPS`` in all;
keyword evaluations nest at most ``MAX_NESTING`` deep (the Python stack); a ``$ref`` that comes back to the
same schema with the same value is a cycle. Each of those, and a ``$ref`` that does not resolve, is a
reason the schema is refused, never an exception. Real schemas are far inside both: the demo catalog's
1,309 take at most 560 steps and nest 4 deep; at the limit a check is about 0.2 s of CPU, whatever its shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs
from jsonschema import SchemaError, ValidationError
from jsonschema.exceptions import UnknownType, best_match
from jsonschema.validators import extend, validator_for
from referencing import Registry
from referencing.exceptions import Unresolvable

# About 0.2 s of CPU at most (measured over fan-outs, enum/const/not copies, uniqueItems, unevaluated*).
MAX_STEPS = 50_000
# Keyword evaluations inside one another, a few Python frames each: far below the recursion limit, and
# far above real schemas (the event nests at most 64 JSON levels; souk.catalog.jsonsafety).
MAX_NESTING = 100

_REFERENCES = ("$ref", "$dynamicRef", "$recursiveRef")
# What jsonschema's find_evaluated_*_by_schema follow for unevaluatedProperties/unevaluatedItems, outside
# any keyword evaluation: the same instance, another subschema.
_IN_PLACE_LISTS = ("allOf", "anyOf", "oneOf")
_IN_PLACE_ONE = ("if", "then", "else")


class _Refused(Exception):
    """The schema is refused before or during validation; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Budget:
    """The work one ``info_errors`` call may do; raises :class:`_Refused` past it."""

    def __init__(self) -> None:
        self.steps = 0
        self.nesting = 0
        self._sizes: dict[int, int] = {}
        self._following: set[tuple[int, int]] = set()  # (schema with the $ref, value) pairs being followed

    def spend(self, steps: int) -> None:
        self.steps += steps
        if self.steps > MAX_STEPS:
            raise _Refused(f"schema takes over {MAX_STEPS} steps to check this info, the limit")

    def size(self, value: Any) -> int:
        """``value``'s JSON tokens, a long string a token per 512 characters (memoised: nothing changes meanwhile)."""
        if isinstance(value, str):
            return 1 + len(value) // 512
        if not isinstance(value, dict | list):
            return 1
        key = id(value)
        if key not in self._sizes:
            if isinstance(value, dict):
                self._sizes[key] = 1 + sum(self.size(k) + self.size(v) for k, v in value.items())
            else:
                self._sizes[key] = 1 + sum(self.size(item) for item in value)
        return self._sizes[key]

    def cost(self, keyword: str, value: Any, instance: Any) -> int:
        """An upper bound, in steps, on one keyword evaluation's own work (what it descends into is charged apart).

        A keyword loops over its value or over the instance, compares them deeply (``enum``, ``const``) and
        quotes either in its message (``repr``): linear in both, and ``uniqueItems`` compares every pair.
        """
        steps = 1 + self.size(value) + self.size(instance)
        if keyword == "uniqueItems" and value is not False and isinstance(instance, list):
            steps += len(instance) * self.size(instance)
        return steps

    def enter(self) -> None:
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise _Refused(f"schema nests too deeply to check: over {MAX_NESTING} keywords inside one another")

    def follow(self, keyword: str, ref: Any, node: Any, instance: Any) -> tuple[int, int]:
        key = (id(node), id(instance))
        if key in self._following:
            raise _Refused(f"schema's {keyword} {ref!r} is cyclic: it leads back to itself for the same value")
        self._following.add(key)
        return key

    def unfollow(self, key: tuple[int, int]) -> None:
        self._following.discard(key)


def _metered(keyword: str, check: Callable[..., Any], budget: _Budget) -> Callable[..., Iterator[ValidationError]]:
    """``check`` (a keyword), charged to ``budget``; for a reference keyword, also refusing cycles."""

    def run(validator: Any, value: Any, instance: Any, node: Any) -> Iterator[ValidationError]:
        budget.spend(budget.cost(keyword, value, instance))
        budget.enter()
        key = budget.follow(keyword, value, node, instance) if keyword in _REFERENCES else None
        try:
            yield from check(validator, value, instance, node)
        except Unresolvable:  # the innermost reference keyword, the one that failed, names it
            raise _Refused(f"schema's {keyword} {value!r} does not resolve") from None
        except (TypeError, AttributeError):
            if key is None:
                raise
            # referencing indexes into a number ("#/minLength/a"); jsonschema builds a validator from a string
            raise _Refused(f"schema's {keyword} {value!r} does not point at a schema") from None
        finally:  # also when the generator is dropped unfinished (is_valid stops at the first error)
            budget.nesting -= 1
            if key is not None:
                budget.unfollow(key)

    return run


def _in_place_walk(validator: Any, node: Any, budget: _Budget) -> int:
    """Charge, and bound, what jsonschema's find_evaluated_*_by_schema will recurse through from ``node``.

    Those helpers (behind ``unevaluatedProperties`` / ``unevaluatedItems``) follow ``$ref`` s and in-place
    subschemas by plain recursion, outside any keyword evaluation, so the keyword charges cannot see them. This
    walks the same edges, all of them (an upper bound), a step per subschema, refusing a cycle. Returns the
    deepest path, which the caller adds to the nesting.
    """
    deepest = 0
    stack: list[tuple[Any, Any, int]] = [(node, validator._resolver, 1)]  # the same resolver jsonschema uses
    on_path: list[int] = []
    while stack:
        current, resolver, depth = stack.pop()
        del on_path[depth - 1 :]
        if not isinstance(current, dict):
            continue
        if id(current) in on_path:
            raise _Refused("schema is cyclic: its $ref/allOf/anyOf/oneOf/if chain leads back to itself")
        budget.spend(1)
        deepest = max(deepest, depth)
        if budget.nesting + deepest > MAX_NESTING:
            raise _Refused(f"schema nests too deeply to check: over {MAX_NESTING} subschemas inside one another")
        on_path.append(id(current))
        children: list[tuple[Any, Any]] = []
        for keyword in _REFERENCES:
            ref = current.get(keyword)
            if isinstance(ref, str):
                try:
                    resolved = resolver.lookup(ref)
                except Unresolvable:
                    raise _Refused(f"schema's {keyword} {ref!r} does not resolve") from None
                except TypeError:
                    raise _Refused(f"schema's {keyword} {ref!r} does not point at a schema") from None
                children.append((resolved.contents, resolved.resolver))
        for keyword in _IN_PLACE_LISTS:
            if isinstance(current.get(keyword), list):
                children.extend((sub, resolver) for sub in current[keyword])
        children.extend((current[keyword], resolver) for keyword in _IN_PLACE_ONE if keyword in current)
        if isinstance(current.get("dependentSchemas"), dict):
            children.extend((sub, resolver) for sub in current["dependentSchemas"].values())
        stack.extend((child, child_resolver, depth + 1) for child, child_resolver in children)
    return deepest


def _unevaluated(check: Callable[..., Any], budget: _Budget) -> Callable[..., Iterator[ValidationError]]:
    def run(validator: Any, value: Any, instance: Any, node: Any) -> Iterator[ValidationError]:
        deepest = _in_place_walk(validator, node, budget)
        budget.nesting += deepest
        try:
            yield from check(validator, value, instance, node)
        finally:
            budget.nesting -= deepest

    return run


def _pinned(cls: Any) -> Any:
    """``cls``, made to check every subschema with ``cls`` too.

    jsonschema's ``evolve`` (at each subschema it descends into) picks the class by that subschema's own
    ``$schema``: a nested ``"$schema"`` would swap Souk's keywords for the stock ones, which run the seller's
    patterns and charge no budget. So the whole document is checked in its top-level dialect.
    """
    fields = [(field.name, field.alias) for field in attrs.fields(cls) if field.init]

    def evolve(self: Any, **changes: Any) -> Any:
        changes.setdefault("schema", self.schema)
        for name, alias in fields:
            changes.setdefault(alias, getattr(self, name))
        return cls(**changes)

    cls.evolve = evolve
    return cls


def _skip(*_: Any) -> Iterator[ValidationError]:
    return iter(())


def _has_patterns(node: Any) -> bool:
    if isinstance(node, dict):
        return "patternProperties" in node or any(_has_patterns(v) for v in node.values())
    if isinstance(node, list):
        return any(_has_patterns(v) for v in node)
    return False


def _external_reference(node: Any) -> bool:
    """A ``$ref`` or ``$id`` that is not a same-document fragment, anywhere in the document."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("$ref", "$id", "$dynamicRef") and not (isinstance(value, str) and value.startswith("#")):
                return True
            if _external_reference(value):
                return True
    elif isinstance(node, list):
        return any(_external_reference(item) for item in node)
    return False


def info_errors(info: Any, schema: Any) -> list[str]:
    """Why ``info`` fails ``schema`` (empty when it passes), with no regular expression of the seller's run.

    A schema that cannot be checked (invalid, external references, a dangling or cyclic ``$ref``, over the
    work budget) is an error too, never an exception.
    """
    if not isinstance(schema, dict | bool):
        return ["schema must be a JSON Schema object"]
    if _external_reference(schema):
        return ["schema must not contain external $ref/$id references"]
    if isinstance(schema, dict) and not isinstance(schema.get("$schema", ""), str):
        return ["schema's $schema must be a string"]
    base = validator_for(schema)
    try:
        base.check_schema(schema)
    except SchemaError as exc:
        return [f"schema is not a valid JSON Schema: {exc.message}"]
    except (OverflowError, RecursionError):
        # the metaschema's "regex" format compiles each pattern (never runs it): re raises these for
        # "a{4294967296}" or a thousand nested groups, not re.error
        return ["schema is not a valid JSON Schema: a pattern cannot be compiled"]
    additional = base.VALIDATORS.get("additionalProperties")
    patterned = _has_patterns(schema)

    def additional_properties(validator: Any, value: Any, instance: Any, node: Any) -> Iterator[ValidationError]:
        if "patternProperties" in node or additional is None:
            return iter(())  # which properties the patterns admit cannot be told without running them
        return additional(validator, value, instance, node)

    overrides: dict[str, Callable[..., Any]] = {
        "pattern": _skip,
        "patternProperties": _skip,
        "additionalProperties": additional_properties,
    }
    if patterned:
        overrides["unevaluatedProperties"] = _skip
    budget = _Budget()
    keywords = {**base.VALIDATORS, **overrides}
    for keyword in ("unevaluatedProperties", "unevaluatedItems"):
        if keyword in keywords and keywords[keyword] is not _skip:
            keywords[keyword] = _unevaluated(keywords[keyword], budget)
    metered = {keyword: _metered(keyword, check, budget) for keyword, check in keywords.items()}
    checker = _pinned(extend(base, metered))(schema, registry=Registry())
    try:
        error = best_match(checker.iter_errors(info))
    except _Refused as refused:
        return [refused.reason]
    except UnknownType as exc:  # draft 3 lets "type" and "disallow" name any type, and then cannot check it
        return [f"schema names a type its dialect does not define: {str(exc.type)[:100]!r}"]
    except Unresolvable as exc:  # a lookup outside the keywords above ($recursiveRef's); jsonschema wraps it
        return [f"schema has a reference that does not resolve: {str(getattr(exc, 'ref', ''))[:100]!r}"]
    except (ArithmeticError, ValueError) as exc:
        # jsonschema's own arithmetic on the seller's numbers: multipleOf divides an integer of up to 4,300 digits
        # (what JSON safety allows) as a float, outside its own OverflowError guard.
        return [f"schema cannot be checked against this info: {type(exc).__name__} in its numeric keywords"]
    if error is None:
        return []
    path = "/".join(str(p) for p in error.absolute_path) or "(root)"
    return [f"{path}: {error.message}"]
