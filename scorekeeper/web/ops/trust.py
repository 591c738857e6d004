"""``/trust``: how a phone trusts the certificate of ``serve --https`` once (issue 26).

The page gives the CA's certificate (``/trust/ca.crt``, the type phones
install from), its SHA-256 fingerprint to compare with what the phone shows,
and the steps on Android and iOS. Without HTTPS it says how to start it and
what plain HTTP still gives. Only the CA's certificate is ever read here:
the private keys beside it are never served (docs/security.md).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from cryptography import x509
from flask import Blueprint, Flask, Response, abort, current_app, render_template, request

from . import ca_file as certs
from .deployment import is_loopback

bp = Blueprint("trust", __name__)

CA_TYPE = "application/x-x509-ca-cert"
"""The type Android and iOS offer to install as an authority."""


def _ca() -> x509.Certificate | None:
    return certs.read_ca(certs.folder_of(current_app.config, current_app.instance_path))


@bp.get("/trust")
def trust() -> str:
    ca = _ca()
    return render_template(
        "trust.html",
        fingerprint=certs.fingerprint(ca) if ca is not None else None,
        secure=request.is_secure,
    )


@bp.get("/trust/ca.crt")
def ca_certificate() -> Response:
    ca = _ca()
    if ca is None:
        abort(404)  # not served over HTTPS: nothing to trust
    response = Response(certs.pem(ca), mimetype=CA_TYPE)
    response.headers["Content-Disposition"] = 'attachment; filename="scorekeeper-ca.crt"'
    response.headers["Cache-Control"] = "no-cache"
    return response


def on_the_network() -> bool:
    """Whether this page was opened over HTTPS or from another machine: /trust is worth a link."""
    host = urlsplit("//" + request.host).hostname or ""
    return request.is_secure or not is_loopback(host)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["trust_link_shown"] = on_the_network
