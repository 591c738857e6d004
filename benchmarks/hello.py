"""The baseline of every page timing: a Flask hello-world served as ``make run`` serves.

The machine is shared and noisy, so a page's time is given as a multiple of
this page's, measured in the same run on the same server (gunicorn, one
process per core, gthread workers).
"""

from __future__ import annotations

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "Hello, World!"
