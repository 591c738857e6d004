#!/bin/sh
# The container's entry point (see Containerfile and docs/deploy.md).
#
# Without arguments: serve, as `make run` does — the database is created or
# migrated, then one waitress process per core starts. The data folder (the
# database with its secret key) is /app/instance, the container's volume. Settings come
# from SCOREKEEPER_* variables; HOST and PORT say where to listen.
#
# With arguments: run them instead, e.g. `scorekeeper backup /app/instance/backups/`.
set -eu

if [ "$#" -gt 0 ]; then
    exec "$@"
fi

instance=/app/instance
if [ -d "$instance" ] && [ ! -w "$instance" ]; then
    echo "error: $instance is not writable by $(id -un): give the volume to uid $(id -u)" >&2
    exit 2
fi

# exec: the server gets the container's stop signal (SIGTERM) and finishes the requests in flight
exec scorekeeper serve --host "${HOST:-0.0.0.0}" --port "${PORT:-5000}" --no-qr
