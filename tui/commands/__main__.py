"""``python -m tui.commands``: the ``hexmech`` command."""

from __future__ import annotations

import sys

from tui.commands import main

sys.exit(main())
