"""An installed Scorekeeper (a wheel in a fresh venv, not the checkout) serves every page.

The templates and static files live at the top of the repository; the wheel
must carry them inside the package, with the compiled catalogs. Started from
another folder with no setting, it keeps its data outside the venv (Flask's
default was inside it: a rebuilt venv lost every game) and says where.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]

PAGES = r"""
import json, sys
import scorekeeper
assert scorekeeper.__file__.startswith(sys.argv[1]), scorekeeper.__file__
from scorekeeper import create_app
app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "k",
                  "DATABASE": sys.argv[2], "ADMIN_PASSWORD": "pw",
                  "RATELIMIT_ENABLED": False})
client = app.test_client()
client.post("/admin", data={"password": "pw"})
out = {}
for path in ("/", "/games/new", "/games/new/brou", "/games/new/manille", "/games/import",
             "/static/style.css", "/static/table.js"):
    out[path] = client.get(path, headers={"Accept-Language": "fr"}).status_code
created = client.post("/games/new", data={"player0": "Anne", "player1": "Bruno",
    "player2": "Chloé", "first_dealer": "0", "poule_system": "3-2", "mark_value": "3",
    "payments": "double", "poules_to_play": "20", "end": "continue", "cave": "100",
    "fiche": "10", "accounting": "poule", "create": "1"})
game = created.headers["Location"]
for page in ("", "/coups", "/fiche", "/settlement", "/story", "/history", "/links"):
    out[game + page] = client.get(game + page).status_code
for code, words in (("fr", "Nouvelle partie"), ("da", "Nyt parti"), ("nl", "Nieuwe partij")):
    page = client.get("/games/new", headers={"Accept-Language": code}).get_data(as_text=True)
    out[code] = f'<html lang="{code}">' in page and words in page and "New game" not in page
print(json.dumps(out))
"""


def clean_copy(tmp_path: Path) -> Path:
    """What the wheel is built from, without the checkout's build/ folder.

    setuptools builds in place, and build/lib keeps what an earlier build
    copied there: a package left out of the configuration would still reach
    the wheel from it.
    """
    source = tmp_path / "source"
    # as a clone has it: no compiled catalog (built by make in the checkout, not committed)
    built = shutil.ignore_patterns("__pycache__", "*.mo")
    for folder in ("scorekeeper", "templates", "static"):
        shutil.copytree(ROOT / folder, source / folder, ignore=built)
    assert not list(source.rglob("*.mo"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    return source


def shipped(source: Path) -> set[str]:
    """Every file the wheel must carry: each module, each template and static file."""
    names = {p.relative_to(source).as_posix() for p in (source / "scorekeeper").rglob("*.py")}
    for folder in ("templates", "static"):
        names |= {
            f"scorekeeper/{p.relative_to(source).as_posix()}"
            for p in (source / folder).rglob("*")
            if p.is_file()
        }
    return names


def fresh_venv(tmp_path: Path) -> Path:
    """A new virtual environment whose dependencies are this one's (no registry needed): a
    ``.pth`` file names this environment's site-packages, without its editable checkout."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    (site,) = venv.glob("lib/python*/site-packages")
    ours = next(p for p in map(Path, sys.path) if p.name == "site-packages" and p.is_dir())
    (site / "dependencies.pth").write_text(f"{ours}\n")
    return venv


def serve_once(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    """``command`` serving: what it printed until its address, once ``/health`` said ok; then
    stopped with SIGTERM."""
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout is not None and process.stderr is not None
    printed = []
    try:
        for line in process.stdout:
            printed.append(line)
            if found := re.fullmatch(r"    (http://127\.0\.0\.1:\d+/)\n", line):
                deadline = time.monotonic() + 60
                while True:
                    try:
                        with urllib.request.urlopen(found.group(1) + "health", timeout=2) as ok:
                            assert ok.read() == b"ok\n"
                        break
                    except OSError:
                        assert time.monotonic() < deadline, "it never answered"
                        time.sleep(0.1)
                break
        assert printed and "http://127.0.0.1" in printed[-1], "".join(printed)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=40) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stdout.close()
        process.stderr.close()
    return "".join(printed)


@pytest.mark.long
def test_a_wheel_install_serves_the_pages(tmp_path):
    source = clean_copy(tmp_path)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path / "dist"),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("scorekeeper-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert shipped(source) - set(names) == set()  # a package, a template folder left out
    assert "scorekeeper/templates/hombre/game.html" in names
    assert "scorekeeper/templates/sheet/sheet.html" in names
    assert "scorekeeper/static/style.css" in names
    for code in ("fr", "da", "nl"):  # compiled by the build (setup.py), from the .po files
        assert f"scorekeeper/translations/{code}/LC_MESSAGES/messages.mo" in names
    venv, home, elsewhere = fresh_venv(tmp_path), tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    subprocess.run(
        [*pip, "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
    )
    site = venv / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home)}
    run = subprocess.run(
        [str(venv / "bin" / "python"), "-c", PAGES, str(site), str(tmp_path / "db.sqlite")],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=env,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    statuses = json.loads(run.stdout.strip().splitlines()[-1])
    # the pages in French, Danish and Dutch, not English under lang="fr" (issue 24)
    assert [statuses.pop(code) for code in ("fr", "da", "nl")] == [True, True, True]
    assert set(statuses.values()) == {200}, statuses
    # the command, started from another folder with no setting: its data outside the venv
    printed = serve_once(
        [str(venv / "bin" / "scorekeeper"), "serve", "--port", "0"], elsewhere, env
    )
    data = home / ".local" / "share" / "scorekeeper"
    assert f"Data folder: {data} " in printed, printed
    assert (data / "scorekeeper.sqlite").is_file()
    assert not list(elsewhere.iterdir())  # nothing written where it was started
    assert not [p for p in venv.rglob("*") if "sqlite" in p.name or p.name == "secret_key"]
