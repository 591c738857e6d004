"""The app's request and response classes: Flask's, their limits (``MAX_CONTENT_LENGTH``,
``MAX_FORM_MEMORY_SIZE``, ``MAX_FORM_PARTS``, ``MAX_COOKIE_SIZE``) read from the app's
config by Flask's own properties."""

from __future__ import annotations

from flask import Response

from ... import i18n
from ..kept.frames import EncodedPage
from .form_bodies import BoundedFormParser


class ServedRequest(i18n.CatalogRequest):
    """The app's request: the WTForms catalog kept (i18n) and an urlencoded form body
    bounded before it is decoded (web/ops/form_bodies.py); its limits are Flask's."""

    form_data_parser_class = BoundedFormParser

    @property
    def is_json(self) -> bool:
        """False: no route of the app reads a JSON body, and a form posted as JSON is no
        form. Flask-WTF's ``wrap_formdata`` (``forms.Form`` keeps it as it is) takes a JSON
        body for the form's data where this says True, and one not an object (``5``,
        ``[1]``, ``"x"``), posted with the page's CSRF token, was a 500 on every form; it
        is now a form sent empty, refused as one."""
        return False


class ServedResponse(Response):
    """The app's response: a page filled from a kept frame sent as the bytes it was made
    of (``frames.EncodedPage``: the same text, not encoded again); its cookies' size limit
    is Flask's."""

    def set_data(self, value: bytes | str) -> None:
        if type(value) is EncodedPage:
            value = value.utf8
        super().set_data(value)
