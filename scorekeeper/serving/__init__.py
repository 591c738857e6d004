"""Serving the app: ``scorekeeper serve`` and what runs beside it.

- ``serve``: the command: the database migrated, the banner and QR code, then the workers;
- ``prefork``: waitress pre-forked, one process per core;
- ``tls_front``: the HTTPS front (``serve --https``) in front of the workers;
- ``certs``: the local CA and this machine's certificate.

Nothing in the pages imports this package (``pyproject.toml``'s layers): what both
need, the pages hold (``web/ops/deployment.py``, ``web/ops/ca_file.py``).

The defaults of ``serve`` are here, spelled once for the function and the command
(which reads them before the rest of the package loads).
"""

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5000
DEFAULT_THREADS = 8
