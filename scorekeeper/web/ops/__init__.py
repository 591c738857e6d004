"""Running the site, whatever the game: what an operator and a reverse proxy meet.

- ``health``: ``GET /health`` for the proxy and the monitoring.
- ``deployment``: the public address and the reverse proxy in front.
- ``limits``: rate limits on what an anonymous client can repeat.
- ``errors``: the error pages (a missing game, a bad request, an expired form).
- ``trust`` and ``ca_file``: ``/trust``, how a phone trusts ``serve --https``'s
  certificate, and that certificate read back.
- ``offline``: ``/sw.js``, the service worker.
- ``shipped``: where ``templates/`` and ``static/`` are, in a checkout or installed.

The server itself (``scorekeeper.serving``) sits above the pages and is never
imported from here.
"""
