from typing import Any

from . import FlaskForm as FlaskForm

_Auto: Any
SUBMIT_METHODS: set[str]
"""The default ``formdata`` of a FlaskForm: the request's form when it is posted."""
