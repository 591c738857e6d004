"""The app's request and response classes: Flask's, with what the app's requests read
many times taken from the objects themselves rather than through Flask's proxies."""

from __future__ import annotations

from flask import Response

from ... import i18n
from ...here import application_or_none
from ..kept.frames import EncodedPage
from .form_bodies import BoundedFormParser


class ServedRequest(i18n.CatalogRequest):
    """The app's request: the WTForms catalog kept (i18n), an urlencoded form body bounded
    before it is decoded (web/ops/form_bodies.py), and its limits read from the app's
    config as Flask's request reads them, the app itself rather than its proxy (a POST
    asks each limit twice: some 9,000 instructions a read through ``current_app``)."""

    form_data_parser_class = BoundedFormParser

    @property
    def is_json(self) -> bool:
        """False: no route of the app reads a JSON body, and a form posted as JSON is no
        form. Flask-WTF's ``wrap_formdata`` (``forms.Form`` keeps it as it is) takes a JSON
        body for the form's data where this says True, and one not an object (``5``,
        ``[1]``, ``"x"``), posted with the page's CSRF token, was a 500 on every form; it
        is now a form sent empty, refused as one."""
        return False

    @property
    def max_content_length(self) -> int | None:
        app = application_or_none()
        if self._max_content_length is not None or app is None:
            return super().max_content_length
        found: int | None = app.config["MAX_CONTENT_LENGTH"]
        return found

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value

    @property
    def max_form_memory_size(self) -> int | None:
        app = application_or_none()
        if self._max_form_memory_size is not None or app is None:
            return super().max_form_memory_size
        found: int | None = app.config["MAX_FORM_MEMORY_SIZE"]
        return found

    @max_form_memory_size.setter
    def max_form_memory_size(self, value: int | None) -> None:
        self._max_form_memory_size = value

    @property  # type: ignore[override]
    def max_form_parts(self) -> int | None:
        app = application_or_none()
        if self._max_form_parts is not None or app is None:
            return super().max_form_parts
        found: int | None = app.config["MAX_FORM_PARTS"]
        return found

    @max_form_parts.setter
    def max_form_parts(self, value: int | None) -> None:
        self._max_form_parts = value


class ServedResponse(Response):
    """The app's response: its cookies' size limit read from the app's config as Flask's
    response reads it, the app itself rather than its proxy (a coup's POST sets two
    cookies, the page after it deletes one); a page filled from a kept frame sent as the
    bytes it was made of (``frames.EncodedPage``: the same text, not encoded again)."""

    def set_data(self, value: bytes | str) -> None:
        if type(value) is EncodedPage:
            value = value.utf8
        super().set_data(value)

    @property
    def max_cookie_size(self) -> int:  # type: ignore[override]
        app = application_or_none()
        if app is None:
            return super().max_cookie_size
        found: int = app.config["MAX_COOKIE_SIZE"]
        return found
