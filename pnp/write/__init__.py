"""Write stage: the only code that touches the output folder.

Files are painted into a staging folder and moved into place only when the whole build succeeded,
so a failed build leaves the output as it was and never a half-written file.
"""

from pnp.write.transaction import OutputTransaction

__all__ = ["OutputTransaction"]
