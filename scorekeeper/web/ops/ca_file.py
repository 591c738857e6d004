"""The CA's certificate that ``serve --https`` keeps, read back: where it is, its fingerprint.

Both the ``/trust`` page and the server's certificate maker (``serving/certs.py``)
read it; it lives on the pages' side so that no page imports the server.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import serialization

CA_CERT = "ca.crt"
"""The CA's certificate (PEM) in the TLS folder: the one file a phone is given."""


def folder_of(config: Mapping[str, object], instance_path: str) -> Path:
    """Where the CA and the certificate are kept: ``TLS_FOLDER``, else the data folder's ``tls``."""
    return Path(str(config.get("TLS_FOLDER") or Path(instance_path) / "tls"))


def fingerprint(certificate: x509.Certificate) -> str:
    """SHA-256 of the DER form, as phones show it: ``AB:CD:…``."""
    digest = hashlib.sha256(certificate.public_bytes(serialization.Encoding.DER)).hexdigest()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2)).upper()


def pem(certificate: x509.Certificate) -> bytes:
    return certificate.public_bytes(serialization.Encoding.PEM)


def read_ca(folder: Path) -> x509.Certificate | None:
    """The CA's certificate kept in ``folder``, or None when HTTPS was never set up."""
    try:
        return x509.load_pem_x509_certificate((folder / CA_CERT).read_bytes())
    except (OSError, ValueError):
        return None
