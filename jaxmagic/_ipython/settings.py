"""``JitTrace``: jaxmagic's settings as an IPython configurable (``%config JitTrace.limit = 20``).

Its traits are ``jaxmagic.thresholds``' settings, kept equal both ways: a
``%config`` line (or ``c.JitTrace.limit = 20`` in an IPython profile) changes
``jaxmagic.thresholds``, and a change made from Python shows in
``%config JitTrace``.
"""
from __future__ import annotations

from typing import Any

from traitlets import Bool, Float, Int, TraitError, observe, validate
from traitlets.config import Configurable
from traitlets.config.loader import DeferredConfig

from .._common import settings
from .._common.settings import DEFAULT_LIMIT, thresholds

__all__ = ["JitTrace", "attach", "detach"]

_NAMES = ("limit", "limit_raises", "static_values", "axis_sizes", "redefinitions", "weak_type_flips",
          "unrolled_equations", "redraw_interval")  # every setting of jaxmagic.thresholds


class JitTrace(Configurable):
    """jaxmagic's settings: the recompile limit, when advice is given, how often the panel redraws.

    The same values are ``jaxmagic.thresholds`` in Python.
    """

    limit = Int(DEFAULT_LIMIT, allow_none=True, help=(
        "Compiles of one function after which one warning in the cell's output names it, its reasons and "
        "the advice. None turns the limit off (%jittrace_limit off)."
    )).tag(config=True)
    limit_raises = Bool(False, help=(
        "Raise RecompileLimitError at every compile past the limit instead of warning once (for notebook tests)."
    )).tag(config=True)
    static_values = Int(5, help="Distinct values of one static argument before static-churn advice.").tag(config=True)
    axis_sizes = Int(5, help="Distinct sizes of one axis of one argument before shape-churn advice.").tag(config=True)
    redefinitions = Int(3, help="Compiles caused by a new function object before redefined-function advice.").tag(
        config=True)
    weak_type_flips = Int(1, help="Compiles caused by a Python scalar becoming an array (or back) before "
                                  "weak-type-flip advice.").tag(config=True)
    unrolled_equations = Int(100, help="Equations one Python loop line may become before unrolled-loop advice.").tag(
        config=True)
    redraw_interval = Float(0.3, help="Seconds between two redraws of the live panel, at least.").tag(config=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._echo = False
        configured = set(self.config.get("JitTrace", {}))
        for name in self.trait_names(config=True):
            if name in configured:  # the user's profile or %config: it wins, and thresholds follow
                setattr(thresholds, name, getattr(self, name))
            else:  # what Python set before loading (or the default)
                self._from_python(name, getattr(thresholds, name))

    @validate(*_NAMES)
    def _valid(self, proposal: Any) -> Any:
        try:
            return settings.checked(proposal["trait"].name, proposal["value"])
        except (TypeError, ValueError) as exc:
            raise TraitError(str(exc).replace("jaxmagic.thresholds.", "JitTrace.")) from None

    @observe(*_NAMES)
    def _to_python(self, change: Any) -> None:
        if not getattr(self, "_echo", False):  # also while traitlets applies the config, before __init__ ends
            setattr(thresholds, change["name"], change["new"])

    def _from_python(self, name: str, value: Any) -> None:
        if name in self.trait_names(config=True) and getattr(self, name) != value:
            self._echo = True
            try:
                setattr(self, name, value)
            finally:
                self._echo = False


_attached: dict[int, JitTrace] = {}
_configured: set[int] = set()  # shells whose configuration was applied at a first load


def attach(shell: Any) -> JitTrace:
    """Make ``%config JitTrace`` list the settings in ``shell`` and keep them equal to ``jaxmagic.thresholds``."""
    found = _attached.get(id(shell))
    if found is None:
        _drop_refused(shell)
        if id(shell) in _configured:  # loaded before: the values since (from Python, %jittrace_limit) stay
            section = shell.config.get("JitTrace") if "JitTrace" in shell.config else {}
            for name in list(section):
                section[name] = getattr(thresholds, name)
        _configured.add(id(shell))  # the profile's values win once, at the first load
        found = _attached[id(shell)] = JitTrace(parent=shell)
        shell.configurables.append(found)
        settings.on_change(found._from_python)
    return found


def _drop_refused(shell: Any) -> None:
    """Leave out of the shell's config the ``JitTrace`` values the settings refuse (``%config`` kept them)."""
    section = shell.config.get("JitTrace") if "JitTrace" in shell.config else None
    traits = JitTrace.class_traits(config=True)
    for name in list(section or ()):
        if isinstance(section[name], DeferredConfig) and name in traits:  # ``--JitTrace.limit=20`` on a command line
            try:
                section[name] = section[name].get_value(traits[name])
            except Exception:  # noqa: BLE001 - refused below, by name
                pass
        try:
            settings.checked(name, section[name])
        except (AttributeError, TypeError, ValueError) as exc:
            print(f"jaxmagic: ignoring JitTrace.{name} = {section[name]!r}: {exc}")
            del section[name]


def detach(shell: Any) -> None:
    found = _attached.pop(id(shell), None)
    if found is None:
        return
    settings.off_change(found._from_python)
    if found in shell.configurables:
        shell.configurables.remove(found)
