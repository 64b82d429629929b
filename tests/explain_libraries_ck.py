"""Held-out library cases (set K): cbfpy, gettsim, bartz.

How they were built: every cell was written from the libraries' own API docs and
source (cbfpy CBFConfig/CBF docs and examples, gettsim's "modify taxes and transfers"
how-to plus ttsim's policy_function / vectorization / tt_function source, bartz's
Bart, Callback/run_mcmc and binner docstrings). The search corpora held no issue
threads for these three libraries, so each `source` is the doc/source page of the
API the case exercises. Each cell was run as a file with
/tmp/heldout45/venv_ck/bin/python (CPython 3.11.7, created with
--system-site-packages); all statements but the last run cleanly and the last one
raises. `line`/`use_line` were read off the traceback frames that fall in the cell
file. For every `verifiable=True` case the first fix was applied by hand to the
cell and the fixed cell was re-run without error.

Installed versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8,
equinox 0.13.8, optax 0.2.8 (machine versions, unchanged), cbfpy 0.1.0 (pulls
qpax 0.1.4 as its QP backend; the cases are about cbfpy's config/filter API, not
qpax), gettsim 1.3.1 with ttsim-backend 1.3.2 and dags 0.6.0, bartz 0.13.0.

Library notes: cbfpy's CBFConfig.__init__ probes f/g/h with NumPy arrays and
vmaps alpha; CBF.safety_filter is a jax.jit on a register_static object, so extra
`*args` passed to it are traced. gettsim with backend="jax" wraps the whole
policy DAG in jax.jit (ttsim tt_function); its default "vectorize" strategy
rewrites `if`/`and`/`or`/`min`/`max` into jnp calls by AST, so many scalar-style
mistakes are fixed for the user, and the failing patterns are the ones that escape
the rewrite or use vectorization_strategy="not_required"/"loop". bartz runs
user Callbacks inside its jitted MCMC while_loop and passes num_trees and the
binner's max_bins to internal jits as static arguments. gettsim cells take about
30 s each (building the German policy environment), bartz cells about 20 s.

Dropped: nothing from the three candidates (all installed and imported with the
pins). Candidate patterns tried and left out: gettsim chained comparisons,
tuple indexing, math.floor and scalar `if` on columns (they fail the same way with
the NumPy backend, because columns are arrays, so they are not tracing errors);
fitting bartz.Bart under jax.jit/vmap with traced data (bartz raises its own
"not possible to infer device" ValueError, a less clean pattern than the static
ones kept); jax.jit(model.predict) on the bound method (fails on hashing the
model, so replaced by a jitted helper taking `kind`).

Doubts about labels:
- k-gettsim-np-clip-in-vectorized: gettsim recompiles the function from its AST,
  so the traceback shows the np.clip call as file "<ast>" line 2 and the last
  frame inside the cell is the main(...) call (line 14). `line` is the np.clip
  line (9), where the mistake is; 14 is defensible by the strict traceback rule.
  The same recompilation applies to k-gettsim-debug-list-leak (line 10).
- k-gettsim-loop-strategy-jax: the fix is a library option (switch
  vectorization_strategy "loop" -> "vectorize", which makes gettsim emit jnp code);
  'jnp-not-np' is the closest vocabulary item, 'jnp.where' (rewriting the `if`
  by hand with not_required) is also defensible. Error comes from inside
  numpy.vectorize, so `line` is the main(...) call.
- k-bartz-jit-num-trees: JAX raises "Non-hashable static arguments" because a
  tracer reaches bartz's internal static argument; labelled traced-shape (a count
  that must be a compile-time constant) but unhashable-static is defensible.
- k-bartz-jnp-num-trees-grid, k-bartz-binner-max-bins-jnp: the value is a
  concrete jax Array, not a tracer, so argument/path are None; the fix
  'numpy-for-static' means a plain Python int (a NumPy scalar from np.array does
  NOT work for num_trees, because equinox's filter_jit treats it as a traced leaf,
  whereas int(np.sqrt(...)) works for max_bins). 'hashable-static' (int(x)) is
  equally acceptable.
- k-bartz-callback-fstring-format: Python raises a plain TypeError from
  Tracer.__format__ rather than a JAX ConcretizationTypeError; the kind is
  concretization because a concrete value is needed to format. argument is the
  first offending value (i_total); state.error_cov_inv.value would fail too.
- k-bartz-callback-phase-tuple-index: with a bool tracer JAX raises TypeError
  ("Only integer scalar arrays ...") instead of TracerIntegerConversionError;
  kind integer-conversion. jnp.where cannot pick between strings, so lax.cond.
- k-bartz-callback-if-progress: 'jax.debug.print' alone (printing every step)
  changes behaviour (prints every iteration), hence second; the argument could
  also be read as n_burn/n_save, but the `if` depends only on i_total.
- k-bartz-callback-numpy-resid: 'jnp-not-np' alone makes the cell run but prints a
  tracer repr once at trace time, so jax.debug.print is first.
- k-cbfpy-string-shape-arg, k-cbfpy-traced-horizon-arange: argument is the user's
  h_1 parameter (shape / horizon) that the library's jit traces; the JAX message
  names it args[0]. The 'static' fix means moving the value onto the config; it
  is not a one-line edit, so verifiable=False even though it was checked.
  traced-horizon could also be read as concretization (ConcretizationTypeError).
- k-cbfpy-obstacle-count-range: 'numpy-for-static' (range(obs.shape[0])) keeps the
  extra argument unused; 'static' (store n on the config) is equally valid.
- k-cbfpy-alpha-if-vmap-check: the error is raised while constructing the config
  (cbfpy's own vmap-based class-K check), before any jit; a reader may classify
  the source as "library check" rather than user code, but the failing line is
  the user's alpha.
- k-cbfpy-leak-on-config, k-gettsim-debug-list-leak, k-bartz-callback-list-leak:
  'return-value' vs 'jax.debug.print' order is a judgement call (the user wants
  the value later, so returning/recomputing it is listed first).
- k-gettsim-boolean-mask-mean: argument 'alter' (the mask's source); the indexed
  array is vermögen, so 'vermögen' is defensible.
- k-gettsim-nonzero-without-size: labelled boolean-index per the kind list
  (nonzero without size); JAX raises ConcretizationTypeError and its hint (size=)
  alone would scatter into index 0 with the default fill_value, hence
  jax_fitting_fix=False.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    # ------------------------------------------------------------------ cbfpy
    Case(
        id='k-cbfpy-h1-if-branch',
        source='https://stanfordasl.github.io/cbfpy/api/cbf_config/',
        code="""\
import jax.numpy as jnp
from cbfpy import CBF, CBFConfig

class WallConfig(CBFConfig):
    def __init__(self):
        super().__init__(n=2, m=2)

    def f(self, z):
        return jnp.zeros(2)

    def g(self, z):
        return jnp.eye(2)

    def h_1(self, z):
        # the wall sits closer on the upper half-plane
        if z[1] > 0:
            return jnp.array([1.0 - z[0]])
        return jnp.array([2.0 - z[0]])

cbf = CBF.from_config(WallConfig())
cbf.safety_filter(jnp.array([0.5, 0.2]), jnp.array([1.0, 0.0]))
""",
        kind='bool-conversion', argument='z', path='z', line=16,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A piecewise barrier h_1 branches with a Python `if` on the state; CBFConfig tests h_1 on NumPy arrays so construction passes, but safety_filter is jitted and raises TracerBoolConversionError at the `if`. jnp.where keeps both branches as array ops (lax.cond also works); checked.',
    ),
    Case(
        id='k-cbfpy-alpha-if-vmap-check',
        source='https://stanfordasl.github.io/cbfpy/api/cbf_config/',
        code="""\
import jax.numpy as jnp
from cbfpy import CBF, CBFConfig

class WallConfig(CBFConfig):
    def __init__(self):
        super().__init__(n=2, m=2)

    def f(self, z):
        return jnp.zeros(2)

    def g(self, z):
        return jnp.eye(2)

    def h_1(self, z):
        return jnp.array([1.0 - z[0]])

    def alpha(self, h):
        # react strongly while safe, gently once the barrier is violated
        if h[0] > 0:
            return 5.0 * h
        return 0.5 * h

config = WallConfig()
""",
        kind='bool-conversion', argument='h', path='h', line=19,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A piecewise class-K gain alpha uses a Python `if`; CBFConfig.__init__ checks monotonicity by jax.vmap-ing alpha, so the config constructor itself raises TracerBoolConversionError (BatchTracer) at the `if`. jnp.where(h > 0, 5h, 0.5h) passes the check; checked.',
    ),
    Case(
        id='k-cbfpy-builtin-min-obstacles',
        source='https://stanfordasl.github.io/cbfpy/api/cbf_config/',
        code="""\
import jax.numpy as jnp
from cbfpy import CBF, CBFConfig

class TwoObstacles(CBFConfig):
    def __init__(self):
        self.obs = jnp.array([[1.0, 0.0], [0.0, 1.0]])
        super().__init__(n=2, m=2)

    def f(self, z):
        return jnp.zeros(2)

    def g(self, z):
        return jnp.eye(2)

    def h_1(self, z):
        d0 = jnp.linalg.norm(z - self.obs[0])
        d1 = jnp.linalg.norm(z - self.obs[1])
        return jnp.array([min(d0, d1) - 0.3])

cbf = CBF.from_config(TwoObstacles())
cbf.safety_filter(jnp.array([0.4, 0.3]), jnp.array([1.0, 0.0]))
""",
        kind='bool-conversion', argument='z', path='z', line=18,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note='Nearest-obstacle barrier with builtin min() on two traced distances; min() compares the tracers with bool(), so the jitted safety_filter raises TracerBoolConversionError. jnp.minimum is the drop-in fix; checked.',
    ),
    Case(
        id='k-cbfpy-leak-on-config',
        source='https://stanfordasl.github.io/cbfpy/api/cbf_config/',
        code="""\
import jax.numpy as jnp
from cbfpy import CBF, CBFConfig

class DiskConfig(CBFConfig):
    def __init__(self):
        super().__init__(n=2, m=2)

    def f(self, z):
        return jnp.zeros(2)

    def g(self, z):
        return jnp.eye(2)

    def h_1(self, z):
        h = jnp.array([1.0 - z @ z])
        self.last_h = h  # keep it around for plotting
        return h

config = DiskConfig()
cbf = CBF.from_config(config)
u = cbf.safety_filter(jnp.array([0.5, 0.5]), jnp.array([1.0, 1.0]))
jnp.min(config.last_h)
""",
        kind='leaked-tracer', argument='z', path='z', line=16, use_line=22,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note='h_1 stores the barrier value on the config object (self.last_h) for plotting; the stored value is a tracer from the jvp inside the jitted safety_filter, so using it afterwards raises UnexpectedTracerError. Fix: evaluate config.h_1(z) outside the filter / return it, or jax.debug.print inside; not mechanical, not run.',
    ),
    Case(
        id='k-cbfpy-string-shape-arg',
        source='https://stanfordasl.github.io/cbfpy/api/cbf_config/',
        code="""\
import jax.numpy as jnp
from cbfpy import CBF, CBFConfig

class RegionConfig(CBFConfig):
    def __init__(self):
        super().__init__(n=2, m=2, init_args=("box",))

    def f(self, z, shape):
        return jnp.zeros(2)

    def g(self, z, shape):
        return jnp.eye(2)

    def h_1(self, z, shape):
        if shape == "box":
            return 1.0 - jnp.abs(z)
        return jnp.array([1.0 - z @ z, 1.0 - z @ z])

cbf = CBF.from_config(RegionConfig())
cbf.safety_filter(jnp.array([0.2, 0.3]), jnp.array([1.0, 0.0]), "box")
""",
        kind='non-array-argument', argument='shape', path='shape', line=20,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='A region name string is passed through init_args / safety_filter *args; safety_filter is the library\'s jax.jit, so the str argument raises TypeError ("Error interpreting argument ... as an abstract array"). JAX suggests static_argnums, which the user cannot set on the library\'s jit; the working fix is to keep the string on the config (self.shape) instead of a traced argument; that restructuring was checked by hand.',
    ),
    Case(
        id='k-cbfpy-obstacle-count-range',
        source='https://stanfordasl.github.io/cbfpy/api/cbf_config/',
        code="""\
import jax.numpy as jnp
from cbfpy import CBF, CBFConfig

obstacles = jnp.array([[1.0, 0.0], [0.0, 1.5], [-1.0, -1.0]])

class ObstacleConfig(CBFConfig):
    def __init__(self):
        super().__init__(n=2, m=2, init_args=(obstacles, 3))

    def f(self, z, obs, n_obs):
        return jnp.zeros(2)

    def g(self, z, obs, n_obs):
        return jnp.eye(2)

    def h_1(self, z, obs, n_obs):
        return jnp.stack([jnp.sum((z - obs[i]) ** 2) - 0.3**2 for i in range(n_obs)])

cbf = CBF.from_config(ObstacleConfig())
cbf.safety_filter(jnp.array([0.4, 0.2]), jnp.array([1.0, 0.0]), obstacles, 3)
""",
        kind='integer-conversion', argument='n_obs', path='n_obs', line=17,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note="The obstacle count is passed as an extra safety_filter argument and used in range(); under the library's jit it is a tracer, so range() raises TracerIntegerConversionError. Using the static obs.shape[0] fixes it (or keep the count on the config); checked.",
    ),
    Case(
        id='k-cbfpy-unicycle-np-cos',
        source='https://stanfordasl.github.io/cbfpy/api/cbf_config/',
        code="""\
import numpy as np
import jax.numpy as jnp
from cbfpy import CBF, CBFConfig

class UnicycleConfig(CBFConfig):
    def __init__(self):
        super().__init__(n=3, m=2)

    def f(self, z):
        return jnp.zeros(3)

    def g(self, z):
        return jnp.array([[np.cos(z[2]), 0.0], [np.sin(z[2]), 0.0], [0.0, 1.0]])

    def h_1(self, z):
        return jnp.array([z[0] ** 2 + z[1] ** 2 - 0.5**2])

cbf = CBF.from_config(UnicycleConfig())
cbf.safety_filter(jnp.array([1.0, 0.0, np.pi]), jnp.array([1.0, 0.0]))
""",
        kind='array-conversion', argument='z', path='z', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Unicycle control matrix g(z) built with np.cos/np.sin; the config check calls g with NumPy arrays so it passes, but inside the jitted safety_filter np.cos hits a tracer and raises TracerArrayConversionError. jnp.cos/jnp.sin fix it; checked.',
    ),
    Case(
        id='k-cbfpy-config-as-jit-arg',
        source='https://stanfordasl.github.io/cbfpy/api/point_robot_obstacle_demo/',
        code="""\
import jax
import jax.numpy as jnp
from cbfpy import CBF, CBFConfig

class DiskConfig(CBFConfig):
    def __init__(self):
        super().__init__(n=2, m=2)

    def f(self, z):
        return jnp.zeros(2)

    def g(self, z):
        return jnp.eye(2)

    def h_1(self, z):
        return jnp.array([1.0 - z @ z])

@jax.jit
def filtered_step(config, z, u_des, dt):
    cbf = CBF.from_config(config)
    return z + dt * cbf.safety_filter(z, u_des)

filtered_step(DiskConfig(), jnp.array([0.5, 0.5]), jnp.array([1.0, 1.0]), 0.01)
""",
        kind='non-array-argument', argument='config', path='config', line=23,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The user jits a simulation step that takes the CBFConfig object as an argument; jit cannot trace an arbitrary object and raises TypeError ("Error interpreting argument ... as an abstract array"), whose text suggests static_argnames. @jax.jit(static_argnames="config") works (the config is hashable by identity); checked.',
    ),
    Case(
        id='k-cbfpy-traced-horizon-arange',
        source='https://stanfordasl.github.io/cbfpy/api/cbf_config/',
        code="""\
import jax.numpy as jnp
from cbfpy import CBF, CBFConfig

class LookaheadConfig(CBFConfig):
    def __init__(self):
        super().__init__(n=4, m=2, init_args=(5,))

    def f(self, z, horizon):
        return jnp.concatenate([z[2:], jnp.zeros(2)])

    def g(self, z, horizon):
        return jnp.vstack([jnp.zeros((2, 2)), jnp.eye(2)])

    def h_1(self, z, horizon):
        t = 0.1 * jnp.arange(1, horizon + 1)
        future = z[:2] + t[:, None] * z[2:]
        return jnp.array([jnp.min(jnp.sum(future**2, axis=1)) - 0.25])

cbf = CBF.from_config(LookaheadConfig())
cbf.safety_filter(jnp.array([1.0, 0.0, -1.0, 0.0]), jnp.array([0.0, 0.0]), 5)
""",
        kind='traced-shape', argument='horizon', path='horizon', line=15,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note="A look-ahead horizon is passed as an extra safety_filter argument and used as jnp.arange stop; under the library's jit it is traced and jnp.arange raises ConcretizationTypeError. The horizon must be static: store it on the config (self.horizon) instead of passing it; checked by hand, but it is a restructuring, not a one-line edit.",
    ),
    # ---------------------------------------------------------------- gettsim
    Case(
        id='k-gettsim-loop-strategy-jax',
        source='https://github.com/ttsim-dev/ttsim/blob/main/src/ttsim/tt/column_objects_param_function.py',
        code="""\
import numpy as np
from gettsim import main, InputData, MainTarget, TTTargets, copy_environment
from gettsim.tt import policy_function, TTSIMUnit

env = main(main_target=MainTarget.policy_environment, policy_date_str="2025-01-01", backend="jax")

@policy_function(unit=TTSIMUnit.YEARS, verify_units=False, vectorization_strategy="loop")
def altersgrenze(geburtsjahr: int) -> float:
    if geburtsjahr < 1964:
        return 66.0
    else:
        return 67.0

reform = copy_environment(env)
reform["sozialversicherung"]["rente"]["altersrente"]["regelaltersrente"]["altersgrenze"] = altersgrenze
main(
    main_target=MainTarget.results.df_with_nested_columns,
    policy_date_str="2025-01-01",
    input_data=InputData.tree({"p_id": np.array([0, 1, 2]), "geburtsjahr": np.array([1950, 1960, 1970])}),
    tt_targets=TTTargets.tree({"sozialversicherung": {"rente": {"altersrente": {"regelaltersrente": {"altersgrenze": None}}}}}),
    policy_environment=reform,
    include_warn_nodes=False,
    backend="jax",
)
""",
        kind='array-conversion', argument='geburtsjahr', path='geburtsjahr', line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A reform function declared with vectorization_strategy="loop" is wrapped in numpy.vectorize; with backend="jax" gettsim jits the whole DAG, so numpy.vectorize calls __array__ on the traced column and raises TracerArrayConversionError inside main(). Switching to the default "vectorize" strategy (the library then rewrites the `if` into jnp.where) fixes it; checked.',
    ),
    Case(
        id='k-gettsim-np-clip-in-vectorized',
        source='https://github.com/ttsim-dev/ttsim/blob/main/src/ttsim/tt/vectorization.py',
        code="""\
import numpy as np
from gettsim import main, InputData, MainTarget, TTTargets, copy_environment
from gettsim.tt import policy_function, TTSIMUnit

env = main(main_target=MainTarget.policy_environment, policy_date_str="2025-01-01", backend="jax")

@policy_function(unit=TTSIMUnit.YEARS, verify_units=False)
def altersgrenze(geburtsjahr: int) -> float:
    monate = np.clip(geburtsjahr - 1946, 0, 24)
    return 65.0 + monate / 12

reform = copy_environment(env)
reform["sozialversicherung"]["rente"]["altersrente"]["regelaltersrente"]["altersgrenze"] = altersgrenze
main(
    main_target=MainTarget.results.df_with_nested_columns,
    policy_date_str="2025-01-01",
    input_data=InputData.tree({"p_id": np.array([0, 1, 2]), "geburtsjahr": np.array([1950, 1960, 1970])}),
    tt_targets=TTTargets.tree({"sozialversicherung": {"rente": {"altersrente": {"regelaltersrente": {"altersgrenze": None}}}}}),
    policy_environment=reform,
    include_warn_nodes=False,
    backend="jax",
)
""",
        kind='array-conversion', argument='geburtsjahr', path='geburtsjahr', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A reform policy function calls np.clip on its column argument; with backend="jax" the DAG is jitted and np.clip raises TracerArrayConversionError. Using jnp.clip (or the xnp module the library injects) fixes it; checked.',
    ),
    Case(
        id='k-gettsim-debug-list-leak',
        source='https://github.com/ttsim-dev/ttsim/blob/main/src/ttsim/interface_dag_elements/tt_function.py',
        code="""\
import numpy as np
from gettsim import main, InputData, MainTarget, TTTargets, copy_environment
from gettsim.tt import policy_function, TTSIMUnit

env = main(main_target=MainTarget.policy_environment, policy_date_str="2025-01-01", backend="jax")
SEEN = []

@policy_function(unit=TTSIMUnit.YEARS, verify_units=False)
def altersgrenze(geburtsjahr: int) -> float:
    SEEN.append(geburtsjahr)
    return 65.0 + (geburtsjahr - 1940) / 12

reform = copy_environment(env)
reform["sozialversicherung"]["rente"]["altersrente"]["regelaltersrente"]["altersgrenze"] = altersgrenze
main(
    main_target=MainTarget.results.df_with_nested_columns,
    policy_date_str="2025-01-01",
    input_data=InputData.tree({"p_id": np.array([0, 1, 2]), "geburtsjahr": np.array([1950, 1960, 1970])}),
    tt_targets=TTTargets.tree({"sozialversicherung": {"rente": {"altersrente": {"regelaltersrente": {"altersgrenze": None}}}}}),
    policy_environment=reform,
    include_warn_nodes=False,
    backend="jax",
)
SEEN[0].min()
""",
        kind='leaked-tracer', argument='geburtsjahr', path='geburtsjahr', line=10, use_line=24,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note='The user appends the geburtsjahr column to a global list for debugging inside a policy function; gettsim jits the DAG, so the list holds a tracer and using it later raises UnexpectedTracerError. Fix: make the value a target/return it, or jax.debug.print inside; not mechanical, not run.',
    ),
    Case(
        id='k-gettsim-bincount-no-length',
        source='https://github.com/ttsim-dev/ttsim/blob/main/src/ttsim/tt/column_objects_param_function.py',
        code="""\
from types import ModuleType
import numpy as np
from gettsim import main, InputData, MainTarget, TTTargets, copy_environment
from gettsim.tt import policy_function, TTSIMUnit
from gettsim.typing import FloatColumn, IntColumn

env = main(main_target=MainTarget.policy_environment, policy_date_str="2025-01-01", backend="jax")

@policy_function(unit=TTSIMUnit.CURRENCY, verify_units=False, vectorization_strategy="not_required")
def vermögen_summe_hh(hh_id: IntColumn, vermögen: FloatColumn, xnp: ModuleType) -> FloatColumn:
    return xnp.bincount(hh_id, weights=vermögen)[hh_id]

reform = copy_environment(env)
reform["meine_reform"] = {"vermögen_summe_hh": vermögen_summe_hh}
main(
    main_target=MainTarget.results.df_with_nested_columns,
    policy_date_str="2025-01-01",
    input_data=InputData.tree({"p_id": np.array([0, 1, 2, 3]), "hh_id": np.array([0, 0, 1, 1]),
                               "vermögen": np.array([1e3, 0.0, 5e4, 2e4])}),
    tt_targets=TTTargets.tree({"meine_reform": {"vermögen_summe_hh": None}}),
    policy_environment=reform,
    include_warn_nodes=False,
    backend="jax",
)
""",
        kind='traced-shape', argument='hh_id', path='hh_id', line=11,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note="A hand-written household sum (not_required strategy) uses xnp.bincount without length; under gettsim's jit the output size depends on traced hh_id and JAX raises ConcretizationTypeError, whose message asks for a static length. length=hh_id.shape[0] fixes it; checked.",
    ),
    Case(
        id='k-gettsim-boolean-mask-mean',
        source='https://github.com/ttsim-dev/ttsim/blob/main/src/ttsim/tt/column_objects_param_function.py',
        code="""\
from types import ModuleType
import numpy as np
from gettsim import main, InputData, MainTarget, TTTargets, copy_environment
from gettsim.tt import policy_function, TTSIMUnit
from gettsim.typing import FloatColumn, IntColumn

env = main(main_target=MainTarget.policy_environment, policy_date_str="2025-01-01", backend="jax")

@policy_function(unit=TTSIMUnit.CURRENCY, verify_units=False, vectorization_strategy="not_required")
def vermögen_abstand_rentner(alter: IntColumn, vermögen: FloatColumn, xnp: ModuleType) -> FloatColumn:
    return vermögen - vermögen[alter >= 67].mean()

reform = copy_environment(env)
reform["meine_reform"] = {"vermögen_abstand_rentner": vermögen_abstand_rentner}
main(
    main_target=MainTarget.results.df_with_nested_columns,
    policy_date_str="2025-01-01",
    input_data=InputData.tree({"p_id": np.array([0, 1, 2, 3]), "alter": np.array([40, 10, 70, 68]),
                               "vermögen": np.array([1e3, 0.0, 5e4, 2e4])}),
    tt_targets=TTTargets.tree({"meine_reform": {"vermögen_abstand_rentner": None}}),
    policy_environment=reform,
    include_warn_nodes=False,
    backend="jax",
)
""",
        kind='boolean-index', argument='alter', path='alter', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A not_required policy function averages wealth over pensioners with a boolean mask; under gettsim's jit the mask is traced and indexing raises NonConcreteBooleanIndexError. A masked sum with xnp.where divided by the mask count gives the same result; checked.",
    ),
    Case(
        id='k-gettsim-if-on-column-max',
        source='https://github.com/ttsim-dev/ttsim/blob/main/src/ttsim/tt/column_objects_param_function.py',
        code="""\
from types import ModuleType
import numpy as np
from gettsim import main, InputData, MainTarget, TTTargets, copy_environment
from gettsim.tt import policy_function, TTSIMUnit
from gettsim.typing import FloatColumn

env = main(main_target=MainTarget.policy_environment, policy_date_str="2025-01-01", backend="jax")

@policy_function(unit=TTSIMUnit.CURRENCY, verify_units=False, vectorization_strategy="not_required")
def vermögensteuer(vermögen: FloatColumn, xnp: ModuleType) -> FloatColumn:
    if vermögen.max() > 1_000_000.0:
        return 0.01 * vermögen
    return 0.0 * vermögen

reform = copy_environment(env)
reform["meine_reform"] = {"vermögensteuer": vermögensteuer}
main(
    main_target=MainTarget.results.df_with_nested_columns,
    policy_date_str="2025-01-01",
    input_data=InputData.tree({"p_id": np.array([0, 1, 2]), "vermögen": np.array([1e3, 2e6, 5e4])}),
    tt_targets=TTTargets.tree({"meine_reform": {"vermögensteuer": None}}),
    policy_environment=reform,
    include_warn_nodes=False,
    backend="jax",
)
""",
        kind='bool-conversion', argument='vermögen', path='vermögen', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A not_required policy function branches with `if` on an aggregate of the traced column (vermögen.max()); inside gettsim's jit this raises TracerBoolConversionError. xnp.where on the scalar condition (or lax.cond) fixes it; checked.",
    ),
    Case(
        id='k-gettsim-float-of-column-sum',
        source='https://github.com/ttsim-dev/ttsim/blob/main/src/ttsim/tt/column_objects_param_function.py',
        code="""\
from types import ModuleType
import numpy as np
from gettsim import main, InputData, MainTarget, TTTargets, copy_environment
from gettsim.tt import policy_function, TTSIMUnit
from gettsim.typing import FloatColumn, IntColumn

env = main(main_target=MainTarget.policy_environment, policy_date_str="2025-01-01", backend="jax")

@policy_function(unit=TTSIMUnit.DIMENSIONLESS, verify_units=False, vectorization_strategy="not_required")
def rentneranteil(alter: IntColumn, xnp: ModuleType) -> FloatColumn:
    anteil = float((alter >= 67).sum()) / alter.shape[0]
    return xnp.full(alter.shape, anteil)

reform = copy_environment(env)
reform["meine_reform"] = {"rentneranteil": rentneranteil}
main(
    main_target=MainTarget.results.df_with_nested_columns,
    policy_date_str="2025-01-01",
    input_data=InputData.tree({"p_id": np.array([0, 1, 2, 3]), "alter": np.array([40, 10, 70, 68])}),
    tt_targets=TTTargets.tree({"meine_reform": {"rentneranteil": None}}),
    policy_environment=reform,
    include_warn_nodes=False,
    backend="jax",
)
""",
        kind='concretization', argument='alter', path='alter', line=11,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note="A not_required policy function calls float() on a traced count; under gettsim's jit JAX raises ConcretizationTypeError and its message suggests x.astype(float), which works here; checked.",
    ),
    Case(
        id='k-gettsim-nonzero-without-size',
        source='https://github.com/ttsim-dev/ttsim/blob/main/src/ttsim/tt/column_objects_param_function.py',
        code="""\
from types import ModuleType
import numpy as np
from gettsim import main, InputData, MainTarget, TTTargets, copy_environment
from gettsim.tt import policy_function, TTSIMUnit
from gettsim.typing import IntColumn

env = main(main_target=MainTarget.policy_environment, policy_date_str="2025-01-01", backend="jax")

@policy_function(unit=TTSIMUnit.DIMENSIONLESS, verify_units=False, vectorization_strategy="not_required")
def rentner_kennzeichen(alter: IntColumn, xnp: ModuleType) -> IntColumn:
    (idx,) = xnp.nonzero(alter >= 67)
    return xnp.zeros_like(alter).at[idx].set(1)

reform = copy_environment(env)
reform["meine_reform"] = {"rentner_kennzeichen": rentner_kennzeichen}
main(
    main_target=MainTarget.results.df_with_nested_columns,
    policy_date_str="2025-01-01",
    input_data=InputData.tree({"p_id": np.array([0, 1, 2, 3]), "alter": np.array([40, 10, 70, 68])}),
    tt_targets=TTTargets.tree({"meine_reform": {"rentner_kennzeichen": None}}),
    policy_environment=reform,
    include_warn_nodes=False,
    backend="jax",
)
""",
        kind='boolean-index', argument='alter', path='alter', line=11,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note="A not_required policy function finds pensioners with xnp.nonzero and scatters ones; under gettsim's jit nonzero has no static size and raises ConcretizationTypeError. xnp.where(alter >= 67, 1, 0) gives the same column; size= also compiles but needs a fill_value that the scatter drops, so the message's hint alone does not keep the result; checked.",
    ),
    # ------------------------------------------------------------------ bartz
    Case(
        id='k-bartz-callback-if-progress',
        source='https://github.com/bartz-org/bartz/blob/main/src/bartz/mcmcloop/_loop.py',
        code="""\
import numpy as np
import bartz
from bartz.mcmcloop import Callback

class Progress(Callback):
    def __call__(self, *, i_total, n_burn, n_save, **kw):
        if i_total % 10 == 0:
            print("iteration", i_total, "of", n_burn + n_save)

rng = np.random.default_rng(0)
X = rng.normal(size=(3, 80))
y = np.sin(X[0]) + 0.1 * rng.normal(size=80)
bartz.Bart(X, y, num_trees=20, n_save=20, n_burn=10, num_chains=None, printevery=None,
           run_mcmc_kw=dict(callback=Progress()))
""",
        kind='bool-conversion', argument='i_total', path='i_total', line=7,
        fixes=('lax.cond', 'jax.debug.print'), verifiable=True, jax_fitting_fix=False,
        note='A run_mcmc Callback (passed via run_mcmc_kw) prints every 10 iterations with a Python `if` on i_total; bartz runs callbacks inside its jitted while_loop body, so this raises TracerBoolConversionError. lax.cond around jax.debug.print fixes it; checked.',
    ),
    Case(
        id='k-bartz-callback-numpy-resid',
        source='https://github.com/bartz-org/bartz/blob/main/src/bartz/mcmcloop/_loop.py',
        code="""\
import numpy as np
import bartz
from bartz.mcmcloop import Callback

class ResidMonitor(Callback):
    def __call__(self, *, state, **kw):
        print("residual rms:", np.sqrt(np.mean(state.resid ** 2)))

rng = np.random.default_rng(0)
X = rng.normal(size=(3, 80))
y = np.sin(X[0]) + 0.1 * rng.normal(size=80)
bartz.Bart(X, y, num_trees=20, n_save=20, n_burn=10, num_chains=None, printevery=None,
           run_mcmc_kw=dict(callback=ResidMonitor()))
""",
        kind='array-conversion', argument='state', path='state.resid', line=7,
        fixes=('jax.debug.print', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note="A Callback prints the residual RMS with NumPy on state.resid; inside bartz's jitted MCMC loop np.mean hits a tracer and raises TracerArrayConversionError. jax.debug.print with jnp ops prints the runtime values (jnp alone would print a tracer); checked.",
    ),
    Case(
        id='k-bartz-callback-fstring-format',
        source='https://github.com/bartz-org/bartz/blob/main/src/bartz/mcmcloop/_loop.py',
        code="""\
import numpy as np
import bartz
from bartz.mcmcloop import Callback

class SigmaLog(Callback):
    def __call__(self, *, i_total, state, **kw):
        print(f"iter {i_total:4d}: error precision {state.error_cov_inv.value:.3f}")

rng = np.random.default_rng(0)
X = rng.normal(size=(3, 80))
y = np.sin(X[0]) + 0.1 * rng.normal(size=80)
bartz.Bart(X, y, num_trees=20, n_save=20, n_burn=10, num_chains=None, printevery=None,
           run_mcmc_kw=dict(callback=SigmaLog()))
""",
        kind='concretization', argument='i_total', path='i_total', line=7,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A Callback formats traced values in an f-string with format specs; inside bartz\'s jitted loop the tracer cannot be formatted and Python raises TypeError ("unsupported format string passed to DynamicJaxprTracer.__format__"). jax.debug.print with the same format specs works; checked.',
    ),
    Case(
        id='k-bartz-callback-list-leak',
        source='https://github.com/bartz-org/bartz/blob/main/src/bartz/mcmcloop/_loop.py',
        code="""\
import numpy as np
import jax.numpy as jnp
import bartz
from bartz.mcmcloop import Callback

RESIDS = []

class KeepResid(Callback):
    def __call__(self, *, state, **kw):
        RESIDS.append(state.resid)

rng = np.random.default_rng(0)
X = rng.normal(size=(3, 80))
y = np.sin(X[0]) + 0.1 * rng.normal(size=80)
bartz.Bart(X, y, num_trees=20, n_save=20, n_burn=10, num_chains=None, printevery=None,
           run_mcmc_kw=dict(callback=KeepResid()))
jnp.std(RESIDS[-1])
""",
        kind='leaked-tracer', argument='state', path='state.resid', line=10, use_line=17,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note='A Callback appends state.resid to a global list to keep a residual history; bartz traces the callback in its jitted loop so the list holds tracers, and using one later raises UnexpectedTracerError. Keep the value in the callback/state and return it, or print it with jax.debug.print; not mechanical, not run.',
    ),
    Case(
        id='k-bartz-callback-phase-tuple-index',
        source='https://github.com/bartz-org/bartz/blob/main/src/bartz/mcmcloop/_loop.py',
        code="""\
import numpy as np
import jax
import bartz
from bartz.mcmcloop import Callback

PHASES = ("sampling", "burn-in")

class PhaseLog(Callback):
    def __call__(self, *, burnin, i_total, **kw):
        jax.debug.print(PHASES[burnin] + " step {}", i_total)

rng = np.random.default_rng(0)
X = rng.normal(size=(3, 80))
y = np.sin(X[0]) + 0.1 * rng.normal(size=80)
bartz.Bart(X, y, num_trees=20, n_save=20, n_burn=10, num_chains=None, printevery=None,
           run_mcmc_kw=dict(callback=PhaseLog()))
""",
        kind='integer-conversion', argument='burnin', path='burnin', line=10,
        fixes=('lax.cond',), verifiable=True, jax_fitting_fix=False,
        note='A Callback picks a label from a Python tuple with the traced `burnin` flag; indexing a tuple with a tracer raises TypeError ("Only integer scalar arrays can be converted to a scalar index", bool dtype). lax.cond between two jax.debug.print calls fixes it; checked.',
    ),
    Case(
        id='k-bartz-jit-num-trees',
        source='https://github.com/bartz-org/bartz/blob/main/src/bartz/_interface.py',
        code="""\
import numpy as np
import jax
import bartz

rng = np.random.default_rng(0)
X = rng.normal(size=(3, 80))
y = np.sin(X[0]) + 0.1 * rng.normal(size=80)

@jax.jit
def fit_and_predict(num_trees):
    model = bartz.Bart(X, y, num_trees=num_trees, n_save=20, n_burn=10, num_chains=None, printevery=None)
    return model.predict(X)

fit_and_predict(20)
""",
        kind='traced-shape', argument='num_trees', path='num_trees', line=11,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='The user jits fit-and-predict over num_trees; bartz passes num_trees to an internal jit as a static argument, so the tracer fails to hash and JAX raises ValueError ("Non-hashable static arguments are not supported"). num_trees must be a Python int: loop over values outside jit / mark it static; note that with static_argnums the Bart fit then still runs under the outer trace, so this is not a mechanical fix; not run.',
    ),
    Case(
        id='k-bartz-jit-predict-kind-string',
        source='https://github.com/bartz-org/bartz/blob/main/src/bartz/_interface.py',
        code="""\
import numpy as np
import jax
import bartz

rng = np.random.default_rng(0)
X = rng.normal(size=(3, 80))
y = np.sin(X[0]) + 0.1 * rng.normal(size=80)
model = bartz.Bart(X, y, num_trees=20, n_save=20, n_burn=10, num_chains=None, printevery=None)

@jax.jit
def posterior_draws(model, x, kind):
    return model.predict(x, kind=kind)

posterior_draws(model, X, "mean_samples")
""",
        kind='non-array-argument', argument='kind', path='kind', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The user jits a helper that forwards a `kind` string to Bart.predict; jit cannot trace the str and raises TypeError whose message suggests static_argnames. @jax.jit(static_argnames="kind") works; checked.',
    ),
    Case(
        id='k-bartz-jnp-num-trees-grid',
        source='https://github.com/bartz-org/bartz/blob/main/src/bartz/_interface.py',
        code="""\
import numpy as np
import jax.numpy as jnp
import bartz

rng = np.random.default_rng(0)
X = rng.normal(size=(3, 80))
y = np.sin(X[0]) + 0.1 * rng.normal(size=80)

tree_grid = jnp.array([10, 20, 40])
bartz.Bart(X, y, num_trees=tree_grid[0], n_save=20, n_burn=10, num_chains=None, printevery=None)
""",
        kind='unhashable-static', argument=None, path=None, line=10,
        fixes=('numpy-for-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='num_trees taken from a jnp array grid is a concrete jax Array; bartz hands it to an internal jit as a static argument and JAX raises ValueError ("Non-hashable static arguments"). A plain Python list/int fixes it (int(tree_grid[0]) also works; a np.array grid does not, because equinox then treats the NumPy scalar as a traced leaf); checked.',
    ),
    Case(
        id='k-bartz-binner-max-bins-jnp',
        source='https://github.com/bartz-org/bartz/blob/main/src/bartz/prepcovars/_prepcovars.py',
        code="""\
from functools import partial
import numpy as np
import jax.numpy as jnp
import bartz
from bartz.prepcovars import UniqueQuantileBinner

rng = np.random.default_rng(0)
X = rng.normal(size=(3, 80))
y = np.sin(X[0]) + 0.1 * rng.normal(size=80)

n_bins = jnp.sqrt(X.shape[1]).astype(int)
binner = partial(UniqueQuantileBinner, max_bins=n_bins)
bartz.Bart(X, y, binner=binner, num_trees=20, n_save=20, n_burn=10, num_chains=None, printevery=None)
""",
        kind='unhashable-static', argument=None, path=None, line=13,
        fixes=('numpy-for-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='max_bins for UniqueQuantileBinner is computed with jnp, giving a jax Array; the binner passes it as a static argument to an internal jit and JAX raises ValueError ("Non-hashable static arguments"). Computing it with int(np.sqrt(...)) fixes it; checked.',
    ),
]
