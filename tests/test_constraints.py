"""A fresh install gets the versions the tests passed with (issue 19, item 8).

`constraints.txt` pins every package of the test environment; the Makefile installs through it;
`pyproject.toml` keeps ranges for ``pip install hexmech``. `make lock` renews the pins.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;#]+)$")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        match = PIN.match(line.strip())
        assert match, f"constraints.txt: not an exact pin: {line!r}"
        pins[_canonical(match.group(1))] = match.group(2)
    return pins


def _requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["dev"]]
    return [_canonical(re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0]) for spec in wanted]


def test_every_requirement_is_pinned():
    pins = _pins()
    assert [name for name in _requirements() if name not in pins] == []


def test_the_tests_run_with_the_pinned_versions():
    """What is installed is what is pinned (the Makefile installs with -c constraints.txt)."""
    installed = {_canonical(d.metadata["Name"]): d.version for d in metadata.distributions()}
    wrong = {
        name: (pinned, installed[name])
        for name, pinned in _pins().items()
        if name in installed and installed[name] != pinned
    }
    assert wrong == {}, "run 'make lock' (then make test) or reinstall with -c constraints.txt"


def test_the_makefile_installs_through_the_constraints():
    makefile = (ROOT / "Makefile").read_text()
    installs = [line for line in makefile.splitlines() if "install -c constraints.txt -e" in line]
    assert len(installs) == 2  # make play's and make test's
