"""HTTPS at home (``scorekeeper serve --https``): a local CA and this machine's certificate.

A phone gives the installable app, the service worker and the Wake Lock API
only to a secure context, and a home network has no public name for which a
public authority would sign. So the server makes, once, its own small
certificate authority (``tls/ca.crt`` in the data folder), which each phone is told to
trust once (the ``/trust`` page), and with it a certificate for this machine's
local addresses. The CA is kept: when the laptop joins another network, or
its certificate nears its end, only the machine's certificate is made again,
signed by the same CA, and the phones need do nothing.

A CA a phone trusts could vouch for any site if its key were stolen, so this
one is name-constrained (RFC 5280, 4.2.1.10): it may sign only for private and
loopback addresses and local names (``localhost``, ``*.local``, ``*.lan``,
``*.home.arpa``, this machine's name), never for a bank's. Its key and the
machine's key are 0600 and never served (docs/security.md).

The CA's certificate is read back by ``web/ops/ca_file.py`` (the ``/trust`` page
reads it too, and pages never import the server).
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from ..web.ops.ca_file import CA_CERT, fingerprint, read_ca

CA_DAYS = 3650
"""The CA's life: ten years; a phone trusts it once."""
CERT_DAYS = 397
"""The machine's certificate: under the 398 days browsers accept for a server certificate."""
RENEW_DAYS = 30
"""A certificate this close to its end is made again at start."""

PRIVATE_NETWORKS = tuple(
    ipaddress.IPv4Network(net)
    for net in (
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "127.0.0.0/8",
        "169.254.0.0/16",  # link-local: two machines on one cable
        "100.64.0.0/10",  # shared address space: a carrier's or a VPN's own network
    )
)
LOCAL_DOMAINS = ("localhost", "local", "lan", "home.arpa")
"""Names the CA may sign, with every name under them (``laptop.local``)."""

HOST_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")
"""A machine name a certificate can carry (an odd one, with ``_`` or accents, is left out)."""

CA_KEY = "ca.key"
CERT, KEY = "cert.crt", "cert.key"


@dataclass(frozen=True)
class Served:
    """What ``serve --https`` uses and prints."""

    cert_file: Path
    """This machine's certificate (PEM), for the TLS listener."""
    key_file: Path
    """Its private key (PEM, 0600)."""
    ca_file: Path
    """The CA's certificate (PEM), the one file a phone is given."""
    names: tuple[str, ...]
    """The names and addresses the certificate is good for."""
    fingerprint: str
    """The CA's SHA-256 fingerprint, to compare on the phone."""
    left_out: tuple[str, ...]
    """Addresses of this machine the CA may not sign for (public ones)."""


def _write(path: Path, data: bytes, private: bool) -> None:
    """Whole or not at all: a draft beside it, created 0600 when private, then renamed."""
    draft = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600 if private else 0o644)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
        os.replace(draft, path)
    except BaseException:
        draft.unlink(missing_ok=True)
        raise


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def permitted(address: str, domains: Iterable[str]) -> bool:
    """Whether a CA constrained to the private networks and these names may sign for it."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        name = address.lower().rstrip(".")
        return bool(HOST_NAME.match(name)) and any(
            name == domain or name.endswith("." + domain) for domain in domains
        )
    return isinstance(ip, ipaddress.IPv4Address) and any(ip in net for net in PRIVATE_NETWORKS)


def _domains(ca: x509.Certificate) -> list[str]:
    """The names the kept CA may sign for (this machine's name when it was made among them)."""
    try:
        constraints = ca.extensions.get_extension_for_class(x509.NameConstraints).value
    except x509.ExtensionNotFound:
        return []
    return [
        str(n.value) for n in constraints.permitted_subtrees or [] if isinstance(n, x509.DNSName)
    ]


def _make_ca(folder: Path, hostname: str, now: datetime.datetime) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Scorekeeper"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"Scorekeeper at home {now:%Y-%m-%d}"),
        ]
    )
    constraints = x509.NameConstraints(
        permitted_subtrees=[
            *(x509.IPAddress(net) for net in PRIVATE_NETWORKS),
            *(x509.DNSName(domain) for domain in LOCAL_DOMAINS),
            *([x509.DNSName(hostname.lower())] if HOST_NAME.match(hostname.lower()) else []),
        ],
        excluded_subtrees=None,
    )
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(constraints, critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write(folder / CA_KEY, _key_pem(key), private=True)
    _write(folder / CA_CERT, certificate.public_bytes(serialization.Encoding.PEM), private=False)


def _alt_names(names: Iterable[str]) -> list[x509.GeneralName]:
    out: list[x509.GeneralName] = []
    for name in names:
        try:
            out.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            out.append(x509.DNSName(name))
    return out


def _make_cert(folder: Path, names: Sequence[str], now: datetime.datetime) -> None:
    ca = x509.load_pem_x509_certificate((folder / CA_CERT).read_bytes())
    ca_key = serialization.load_pem_private_key((folder / CA_KEY).read_bytes(), password=None)
    assert isinstance(ca_key, ec.EllipticCurvePrivateKey)
    key = ec.generate_private_key(ec.SECP256R1())
    certificate = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=CERT_DAYS))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.SubjectAlternativeName(_alt_names(names)), critical=False)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    _write(folder / KEY, _key_pem(key), private=True)
    _write(folder / CERT, certificate.public_bytes(serialization.Encoding.PEM), private=False)


def _still_good(folder: Path, names: Sequence[str], now: datetime.datetime) -> bool:
    """The kept certificate names exactly these, is the kept CA's and is not near its end."""
    try:
        certificate = x509.load_pem_x509_certificate((folder / CERT).read_bytes())
        (folder / KEY).stat()
    except (OSError, ValueError):
        return False
    ca = read_ca(folder)
    try:
        alt = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    kept = {str(n.value) for n in alt}
    return (
        ca is not None
        and certificate.issuer == ca.subject
        and kept == set(names)
        and certificate.not_valid_after_utc - now > datetime.timedelta(days=RENEW_DAYS)
    )


def ensure(
    folder: Path, addresses: Sequence[str], hostname: str, now: datetime.datetime | None = None
) -> Served:
    """The CA (made once) and a certificate for ``localhost``, 127.0.0.1 and ``addresses``."""
    now = now or _now()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if read_ca(folder) is None or not (folder / CA_KEY).exists():
        _make_ca(folder, hostname, now)
    wanted = ["localhost", "127.0.0.1", hostname.lower()]
    if "." not in hostname and HOST_NAME.match(hostname.lower()):
        wanted.append(f"{hostname.lower()}.local")  # the name phones may find it by (mDNS)
    wanted += [a for a in addresses if a not in wanted]
    ca = read_ca(folder)
    assert ca is not None
    domains = _domains(ca)
    names = tuple(n for n in dict.fromkeys(wanted) if permitted(n, domains))
    left_out = tuple(n for n in dict.fromkeys(wanted) if not permitted(n, domains))
    if not _still_good(folder, names, now):
        _make_cert(folder, names, now)
    return Served(
        cert_file=folder / CERT,
        key_file=folder / KEY,
        ca_file=folder / CA_CERT,
        names=names,
        fingerprint=fingerprint(ca),
        left_out=left_out,
    )
