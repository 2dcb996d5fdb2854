"""A ruleset's library given to it when its rules are first imported, and read when first used.

The menu's first frame imports no rules engine and reads no unit file. A ruleset's interface
(`tui.battletech.UI`, `tui.aod.UI`, ...) calls `library_on_import` from its ``install``: when the
rules module is later imported, its ``RULESET.library`` (if still unset) becomes a
`PendingLibrary`, which calls the interface's ``install`` function (named by a
``"module:attribute"`` spec, imported then) the first time any attribute is asked for.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import ModuleType

__all__ = ["PendingLibrary", "library_on_import"]


def _load(spec: str) -> Any:  # noqa: ANN401 - whatever the spec names
    module, _, attribute = spec.partition(":")
    return getattr(importlib.import_module(module), attribute)


class PendingLibrary:
    """Stands for a library until first used, then reads it (``install()``, by its spec).

    Every attribute is the real library's, which ``install`` also gives the ruleset, so a
    holder of this object and the ruleset share one library.
    """

    def __init__(self, install: str) -> None:
        self._install = install
        self._real: Any = None

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401 - the library's own attributes
        if name.startswith("__") or name in {"_install", "_real"}:
            raise AttributeError(name)
        if self._real is None:
            self._real = _load(self._install)()
        return getattr(self._real, name)


class _InstallOnImport(importlib.abc.MetaPathFinder):
    """Gives ``module``'s ``RULESET`` a `PendingLibrary` when that module is imported."""

    def __init__(self, module: str, install: str) -> None:
        self.module = module
        self.install = install

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """Find the module with the other finders; after running it, give it a library."""
        if fullname != self.module:
            return None
        _remove_hook(self.module)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        loader = spec.loader if spec is not None else None
        if spec is None or loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module
        install = self.install

        def exec_module(module: ModuleType) -> None:
            run(module)
            if module.RULESET.library is None:
                module.RULESET.library = PendingLibrary(install)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _remove_hook(module: str) -> None:
    sys.meta_path[:] = [
        f for f in sys.meta_path if not (isinstance(f, _InstallOnImport) and f.module == module)
    ]


def library_on_import(module: str, install: str) -> None:
    """Give ``module``'s ruleset a `PendingLibrary` of ``install`` when it is imported (once)."""
    _remove_hook(module)
    sys.meta_path.insert(0, _InstallOnImport(module, install))
