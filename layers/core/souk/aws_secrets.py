"""Secret values from AWS Secrets Manager, through Powertools Parameters (cached, re-read when they expire).

On Lambda the template passes secret *ids* (``SOUK_*_SECRET_ID``), never the values: an environment
variable is readable by anyone allowed ``lambda:GetFunctionConfiguration``. souk.config reads each id
here at cold start and again once ``max_age`` has passed, so a rotated secret is picked up without a
redeploy. Locally nothing here runs: the values come from the environment or souk.keys.
"""

from __future__ import annotations

import json
from typing import Any


class SecretUnreadable(RuntimeError):
    """A configured secret is missing, empty, or not in the expected shape."""


def read_secret(secret_id: str, *, max_age: int, json_key: str | None = None) -> str:
    """The secret's string value (``json_key``: that key of a JSON secret; a bare string is accepted too)."""
    # Imported here: boto3 loads only in processes configured with a secret id (Lambda), never locally.
    from aws_lambda_powertools.utilities import parameters

    try:
        value: Any = parameters.get_secret(secret_id, max_age=max_age)
    except parameters.exceptions.GetParameterError as exc:
        raise SecretUnreadable(f"secret {secret_id!r} could not be read: {exc}") from exc
    if isinstance(value, bytes):
        value = value.decode("utf-8")
    if json_key is not None and isinstance(value, str) and value.lstrip().startswith("{"):
        try:
            value = json.loads(value).get(json_key)
        except (ValueError, AttributeError) as exc:
            raise SecretUnreadable(f"secret {secret_id!r} is not a JSON object") from exc
    if not isinstance(value, str) or not value:
        raise SecretUnreadable(f"secret {secret_id!r} has no {'key ' + repr(json_key) if json_key else 'value'}")
    return value
