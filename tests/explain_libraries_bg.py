"""Held-out library cases (set bg): candl-like, trainax, simphony.

How they were built: each case is a hand-written reduction of a usage pattern shown in
the library's docs, examples or an issue thread (cited in `source`), run as a file with
/tmp/heldout30/venv_bg/bin/python (CPython 3.11.7; venv made with
--system-site-packages). Every statement but the last ran cleanly and the last raised; the
exception class is recorded in each note. `line`/`use_line` were checked against the
traceback frames that fall in the cell. Each first fix was applied by hand to the user's
line(s) and re-run where `verifiable=True`.

Installed versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, equinox 0.13.8, optax 0.2.8,
flax 0.12.8 (machine versions kept); candl-like 2.2.0 (imports as `candl`; prints a notice
that the optional `candl_data` package is missing, and switches JAX to 64-bit mode),
trainax 0.0.2, simphony 0.7.3 (pulls in sax 0.14.7 and klujax 0.5.2 as dependencies; every
case here fails inside simphony's own models/ClassicalSim or in code written around
them, not in sax).

candl cells build a tiny stand-in data set (four TT band powers, identity covariance, top-hat
window functions) in candl's on-disk format in a temp dir, because the released data live in
the separate candl_data package; the seven set-up lines are the same in every candl cell.
candl jits Like.log_like/get_model_specs internally (self static), so a user transformation
is traced even on a plain eager `like.log_like(...)` call.
Custom transformations are appended to `like.data_model` right after initialisation (as the
usage tips allow) rather than named in the yaml as `__main__.Class`, so the cells do not depend
on how `__main__` is set up by whoever runs them.

Dropped:
- kheperax 0.2.0: installs and imports, but Robot.laser_measures / env.reset call
  `jax.tree_leaves`, which no longer exists in JAX 0.10.2, so any cell that resets or steps
  the environment dies with AttributeError before the intended error.
- stamox 0.1.5 (first alternate): `import stamox` fails with ImportError (it imports
  `KeyArray` from jax._src.random). Replaced by simphony (second alternate).
- Discarded drafts: a simphony case jitting an MZI of siepic.y_branch models (it fails on
  simphony's own `jnp.allclose` check of constant data, which no user-level fix in the
  vocabulary repairs), a static-wl sequel to it, and a candl Fisher-matrix-under-vmap case
  (library np.asarray) to keep the set near 22.

Doubts about labels:
- bg-candl-theory-int-grid-lookup, bg-simphony-siepic-waveguide-jit-width,
  bg-simphony-dc-vmap-coupling-length: int() on a tracer is raised by JAX 0.10.2 as
  ConcretizationTypeError, so `concretization` is defensible; labelled integer-conversion
  because the brief files int() there.
- bg-candl-transform-stores-on-self: the stored value depends on both Dls and params;
  'Dls' is the first parameter, 'params' (path params['cal']) is equally defensible.
- bg-candl-dataclass-transform-static-self: the error is raised while hashing the static
  self before tracing starts; `line` is the user's log_like call (the only cell frame).
- bg-candl-theory-math-log: `jnp-not-builtin` is used for math.log -> jnp.log; `jnp-not-np`
  is a defensible alternative label.
- bg-candl-like-object-as-jit-arg: closing over `like` instead of passing it is an equally
  good fix (also 'static' in the vocabulary).
- bg-trainax-jnp-cutoff-field-slice: jnp.where masking removes the tracing error and keeps
  the numbers, but the int-array field then breaks trainax's optax update, so it is not
  listed; `integer-conversion` is arguable for a slice bound, but JAX raises IndexError about
  static slice entries, which the brief files under traced-shape.
- bg-trainax-jnp-substeps-range: a lax.fori_loop with a traced trip count would trace but
  becomes a while_loop that the trainer cannot reverse-differentiate, so it is not listed.
- bg-trainax-batch-reduction-appends-global: the realistic fix is a host callback
  (jax.debug.callback) or recomputing the per-sample losses after training; neither maps
  exactly onto the vocabulary, 'return-value' is the closest.
- bg-trainax-jax-jit-step-fn-mlp, bg-trainax-vmap-rollout-length-config,
  bg-simphony-siepic-waveguide-jit-width, bg-simphony-ybranch-vmap-thickness,
  bg-simphony-dc-vmap-coupling-length, bg-trainax-jit-sample-data-sizes: 'static' here
  covers eqx.filter_jit or a Python loop over the values (moving them out of the traced
  arguments), not only static_argnums.
- bg-trainax-config-static-argnum: 'not-static' means passing the config through
  eqx.filter_jit; with plain jax.jit the config cannot be a traced argument either (its
  loss holds a function), so closing over it ('static' by moving it out) is also a fix.
  path names the array leaf that makes it unhashable; 'config' is defensible.
- bg-trainax-jit-sample-data-sizes: argument is num_samples because jax.random.split is the
  first use; num_points would fail next (both positional ints are traced).
- bg-simphony-classicalsim-laser-leak: the detector's stored power leaks too; the first
  later use goes through the stored laser power. JAX's leak message ("explicitly return
  outputs") points the right way, so jax_fitting_fix=True is arguable.
- bg-simphony-mzi-passband-mask: the mask depends on the traced arm length through the
  circuit; 'argument' could be read as None by someone treating wl as the indexed data.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bg-candl-transform-if-param',
        source='https://candl.readthedocs.io/en/latest/transformations/transformations_overview.html',
        code="""\
import os, tempfile, numpy as np, yaml, jax, jax.numpy as jnp, candl, candl.tools
d = tempfile.mkdtemp() + "/"; os.makedirs(d + "win")  # tiny stand-in data set: 4 TT band powers
np.savetxt(d + "bdp.txt", np.full(4, 100.0)); np.savetxt(d + "cov.txt", np.eye(4))
w = np.zeros((60, 4)); w[np.arange(60), np.arange(60) // 15] = 1 / 15
np.savetxt(d + "win/TT_150x150_window_functions.txt", np.column_stack([np.arange(2, 62), w]))
info = {"name": "toy", "spectra_info": [{"TT 150x150": 4}], "band_power_file": "bdp.txt",
        "covariance_file": "cov.txt", "window_functions_folder": "win/", "data_model": []}
from candl.transformations.abstract_base import Transformation
class LogOscillation(Transformation):
    def __init__(self, ells, amp_param):
        super().__init__(ells=ells, descriptor="log-oscillation feature", param_names=[amp_param])
        self.amp_param = amp_param
    def transform(self, Dls, params):
        if params[self.amp_param] == 0.0:  # skip the work when the feature is off
            return Dls
        return Dls * (1.0 + params[self.amp_param] * jnp.sin(10.0 * jnp.log(self.ells)))
yaml.safe_dump(info, open(d + "toy.yaml", "w")); like = candl.Like(d + "toy.yaml")
like.data_model.append(LogOscillation(like.ells, "A_osc"))  # customise right after init
like.log_like({"Dl": {"TT": jnp.full(60, 100.0)}, "A_osc": 0.01})
""",
        kind='bool-conversion', argument='params', path="params['A_osc']", line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user-written candl Transformation short-cuts with a Python `if` on a nuisance parameter; candl jits log_like/get_model_specs itself, so the comparison is traced and JAX raises TracerBoolConversionError. jnp.where over the two branches keeps the result; checked.',
    ),
    Case(
        id='bg-candl-transform-stores-on-self',
        source='https://candl.readthedocs.io/en/latest/tutorial/usage_tips.html',
        code="""\
import os, tempfile, numpy as np, yaml, jax, jax.numpy as jnp, candl, candl.tools
d = tempfile.mkdtemp() + "/"; os.makedirs(d + "win")  # tiny stand-in data set: 4 TT band powers
np.savetxt(d + "bdp.txt", np.full(4, 100.0)); np.savetxt(d + "cov.txt", np.eye(4))
w = np.zeros((60, 4)); w[np.arange(60), np.arange(60) // 15] = 1 / 15
np.savetxt(d + "win/TT_150x150_window_functions.txt", np.column_stack([np.arange(2, 62), w]))
info = {"name": "toy", "spectra_info": [{"TT 150x150": 4}], "band_power_file": "bdp.txt",
        "covariance_file": "cov.txt", "window_functions_folder": "win/", "data_model": []}
from candl.transformations.abstract_base import Transformation
class CalibrationWithRecord(Transformation):
    def __init__(self, cal_param):
        super().__init__(ells=None, descriptor="calibration", param_names=[cal_param])
        self.cal_param = cal_param
    def transform(self, Dls, params):
        self.last_calibrated = Dls / params[self.cal_param] ** 2  # keep for plotting later
        return self.last_calibrated
yaml.safe_dump(info, open(d + "toy.yaml", "w")); like = candl.Like(d + "toy.yaml")
like.data_model.append(CalibrationWithRecord("cal"))  # customise right after init
print(like.log_like({"Dl": {"TT": jnp.full(60, 100.0)}, "cal": 1.01}))
jnp.max(like.data_model[0].last_calibrated)
""",
        kind='leaked-tracer', argument='Dls', path='Dls', line=14,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="A custom calibration Transformation keeps the calibrated spectrum on self for later plotting; candl's jit of log_like makes it a tracer stored on the library-owned transformation object, and the later jnp.max on it raises UnexpectedTracerError. Fix: do not stash it, recompute/return it (e.g. via candl.tools.pars_to_model_specs) instead.",
        use_line=19,
    ),
    Case(
        id='bg-candl-dataclass-transform-static-self',
        source='https://candl.readthedocs.io/en/latest/transformations/transformations_overview.html',
        code="""\
import os, tempfile, numpy as np, yaml, jax, jax.numpy as jnp, candl, candl.tools
d = tempfile.mkdtemp() + "/"; os.makedirs(d + "win")  # tiny stand-in data set: 4 TT band powers
np.savetxt(d + "bdp.txt", np.full(4, 100.0)); np.savetxt(d + "cov.txt", np.eye(4))
w = np.zeros((60, 4)); w[np.arange(60), np.arange(60) // 15] = 1 / 15
np.savetxt(d + "win/TT_150x150_window_functions.txt", np.column_stack([np.arange(2, 62), w]))
info = {"name": "toy", "spectra_info": [{"TT 150x150": 4}], "band_power_file": "bdp.txt",
        "covariance_file": "cov.txt", "window_functions_folder": "win/", "data_model": []}
from dataclasses import dataclass
from functools import partial
@dataclass
class TiltedPoisson:
    ells: jax.Array
    amp_param: str
    descriptor: str = "tilted Poisson power"
    def __post_init__(self):
        self.param_names = [self.amp_param]
    @partial(jax.jit, static_argnums=(0,))  # same pattern as candl's own transformations
    def transform(self, Dls, params):
        return Dls + params[self.amp_param] * (self.ells / 3000.0) ** 2
yaml.safe_dump(info, open(d + "toy.yaml", "w")); like = candl.Like(d + "toy.yaml")
like.data_model.append(TiltedPoisson(like.ells, "A_pois"))  # customise right after init
like.log_like({"Dl": {"TT": jnp.full(60, 100.0)}, "A_pois": 5.0})
""",
        kind='unhashable-static', argument='self', path='self', line=22,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="A user transformation written as a plain @dataclass copies candl's `@partial(jit, static_argnums=(0,))` on transform; the dataclass sets __hash__ to None, so the static self cannot be hashed and JAX raises ValueError (non-hashable static argument) when candl calls it. @dataclass(eq=False) restores identity hashing; checked.",
    ),
    Case(
        id='bg-candl-theory-numpy-power',
        source='https://github.com/Lbalkenhol/candl/issues/11',
        code="""\
import os, tempfile, numpy as np, yaml, jax, jax.numpy as jnp, candl, candl.tools
d = tempfile.mkdtemp() + "/"; os.makedirs(d + "win")  # tiny stand-in data set: 4 TT band powers
np.savetxt(d + "bdp.txt", np.full(4, 100.0)); np.savetxt(d + "cov.txt", np.eye(4))
w = np.zeros((60, 4)); w[np.arange(60), np.arange(60) // 15] = 1 / 15
np.savetxt(d + "win/TT_150x150_window_functions.txt", np.column_stack([np.arange(2, 62), w]))
info = {"name": "toy", "spectra_info": [{"TT 150x150": 4}], "band_power_file": "bdp.txt",
        "covariance_file": "cov.txt", "window_functions_folder": "win/", "data_model": []}
yaml.safe_dump(info, open(d + "toy.yaml", "w")); like = candl.Like(d + "toy.yaml")
def pars_to_theory_specs(pars, ell_high_cut, ell_low_cut=2):
    ells = np.arange(ell_low_cut, ell_high_cut + 1)
    return {"TT": pars["A"] * np.power(ells / 30.0, pars["n_s"] - 1.0)}
logl = candl.tools.get_params_to_logl_func(like, pars_to_theory_specs)
jax.grad(logl)({"A": 100.0, "n_s": 0.96})
""",
        kind='array-conversion', argument='pars', path="pars['n_s']", line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A hand-written pars_to_theory_specs uses NumPy; bundled with candl.tools.get_params_to_logl_func and differentiated with jax.grad, np.power receives a tracer and JAX raises TracerArrayConversionError. Swapping np.power for jnp.power fixes it; checked.',
    ),
    Case(
        id='bg-candl-transform-mask-index',
        source='https://candl.readthedocs.io/en/latest/transformations/transformations_overview.html',
        code="""\
import os, tempfile, numpy as np, yaml, jax, jax.numpy as jnp, candl, candl.tools
d = tempfile.mkdtemp() + "/"; os.makedirs(d + "win")  # tiny stand-in data set: 4 TT band powers
np.savetxt(d + "bdp.txt", np.full(4, 100.0)); np.savetxt(d + "cov.txt", np.eye(4))
w = np.zeros((60, 4)); w[np.arange(60), np.arange(60) // 15] = 1 / 15
np.savetxt(d + "win/TT_150x150_window_functions.txt", np.column_stack([np.arange(2, 62), w]))
info = {"name": "toy", "spectra_info": [{"TT 150x150": 4}], "band_power_file": "bdp.txt",
        "covariance_file": "cov.txt", "window_functions_folder": "win/", "data_model": []}
from candl.transformations.abstract_base import Transformation
class TailSuppression(Transformation):
    def __init__(self, ells):
        super().__init__(ells=ells, descriptor="small-scale suppression", param_names=["ell_knee", "A_tail"])
    def transform(self, Dls, params):
        return Dls.at[self.ells > params["ell_knee"]].multiply(params["A_tail"])
yaml.safe_dump(info, open(d + "toy.yaml", "w")); like = candl.Like(d + "toy.yaml")
like.data_model.append(TailSuppression(like.ells))  # customise right after init
like.log_like({"Dl": {"TT": jnp.full(60, 100.0)}, "ell_knee": 40.0, "A_tail": 0.9})
""",
        kind='boolean-index', argument='params', path="params['ell_knee']", line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A custom small-scale suppression Transformation indexes the spectrum with a mask built from a sampled knee multipole; under candl's internal jit the mask is traced and JAX raises NonConcreteBooleanIndexError. jnp.where(mask, Dls*A, Dls) gives the same spectrum; checked.",
    ),
    Case(
        id='bg-candl-theory-int-grid-lookup',
        source='https://candl.readthedocs.io/en/latest/tools/tools_overview.html',
        code="""\
import os, tempfile, numpy as np, yaml, jax, jax.numpy as jnp, candl, candl.tools
d = tempfile.mkdtemp() + "/"; os.makedirs(d + "win")  # tiny stand-in data set: 4 TT band powers
np.savetxt(d + "bdp.txt", np.full(4, 100.0)); np.savetxt(d + "cov.txt", np.eye(4))
w = np.zeros((60, 4)); w[np.arange(60), np.arange(60) // 15] = 1 / 15
np.savetxt(d + "win/TT_150x150_window_functions.txt", np.column_stack([np.arange(2, 62), w]))
info = {"name": "toy", "spectra_info": [{"TT 150x150": 4}], "band_power_file": "bdp.txt",
        "covariance_file": "cov.txt", "window_functions_folder": "win/", "data_model": []}
yaml.safe_dump(info, open(d + "toy.yaml", "w")); like = candl.Like(d + "toy.yaml")
H0_grid = jnp.linspace(60.0, 80.0, 41)  # precomputed spectra on a grid in H0
Dl_table = 100.0 * (H0_grid[:, None] / 70.0) * jnp.ones((41, 60))
def pars_to_theory_specs(pars, ell_high_cut, ell_low_cut=2):
    i = int((pars["H0"] - 60.0) / 0.5)  # nearest grid point below
    return {"TT": Dl_table[i]}
logl = candl.tools.get_params_to_logl_func(like, pars_to_theory_specs)
jax.jit(logl)({"H0": 67.3})
""",
        kind='integer-conversion', argument='pars', path="pars['H0']", line=12,
        fixes=('astype', 'lax.dynamic_slice'), verifiable=True, jax_fitting_fix=True,
        note="A tabulated theory function turns a sampled parameter into a grid index with int(); under jax.jit of candl's params-to-logl wrapper this raises ConcretizationTypeError (JAX 0.10.2 reports int() that way). The message's own hint, .astype(int), keeps the lookup traced and works; checked.",
    ),
    Case(
        id='bg-candl-theory-math-log',
        source='https://candl.readthedocs.io/en/latest/tools/tools_overview.html',
        code="""\
import os, tempfile, numpy as np, yaml, jax, jax.numpy as jnp, candl, candl.tools
d = tempfile.mkdtemp() + "/"; os.makedirs(d + "win")  # tiny stand-in data set: 4 TT band powers
np.savetxt(d + "bdp.txt", np.full(4, 100.0)); np.savetxt(d + "cov.txt", np.eye(4))
w = np.zeros((60, 4)); w[np.arange(60), np.arange(60) // 15] = 1 / 15
np.savetxt(d + "win/TT_150x150_window_functions.txt", np.column_stack([np.arange(2, 62), w]))
info = {"name": "toy", "spectra_info": [{"TT 150x150": 4}], "band_power_file": "bdp.txt",
        "covariance_file": "cov.txt", "window_functions_folder": "win/", "data_model": []}
import math
yaml.safe_dump(info, open(d + "toy.yaml", "w")); like = candl.Like(d + "toy.yaml")
def pars_to_theory_specs(pars, ell_high_cut, ell_low_cut=2):
    ln10As = math.log(1e10 * pars["As"])  # emulator is trained on ln(10^10 As)
    ells = jnp.arange(ell_low_cut, ell_high_cut + 1)
    return {"TT": 100.0 * ln10As / 3.044 * (ells / 30.0) ** (pars["ns"] - 1.0)}
logl = candl.tools.get_params_to_logl_func(like, pars_to_theory_specs)
jax.grad(logl)({"As": 2.1e-9, "ns": 0.965})
""",
        kind='concretization', argument='pars', path="pars['As']", line=11,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note='An emulator-style theory function computes ln(10^10 As) with math.log; under jax.grad of get_params_to_logl_func, math.log calls float() on the tracer and JAX raises ConcretizationTypeError. jnp.log is the traceable replacement; checked.',
    ),
    Case(
        id='bg-candl-like-object-as-jit-arg',
        source='https://candl.readthedocs.io/en/latest/tutorial/usage_tips.html',
        code="""\
import os, tempfile, numpy as np, yaml, jax, jax.numpy as jnp, candl, candl.tools
d = tempfile.mkdtemp() + "/"; os.makedirs(d + "win")  # tiny stand-in data set: 4 TT band powers
np.savetxt(d + "bdp.txt", np.full(4, 100.0)); np.savetxt(d + "cov.txt", np.eye(4))
w = np.zeros((60, 4)); w[np.arange(60), np.arange(60) // 15] = 1 / 15
np.savetxt(d + "win/TT_150x150_window_functions.txt", np.column_stack([np.arange(2, 62), w]))
info = {"name": "toy", "spectra_info": [{"TT 150x150": 4}], "band_power_file": "bdp.txt",
        "covariance_file": "cov.txt", "window_functions_folder": "win/", "data_model": []}
yaml.safe_dump(info, open(d + "toy.yaml", "w")); like = candl.Like(d + "toy.yaml")
def chi2(like, Dl_TT):
    return like.chi_square({"Dl": {"TT": Dl_TT}})
jax.jit(chi2)(like, jnp.full(60, 101.0))
""",
        kind='non-array-argument', argument='like', path='like', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A helper taking the candl.Like object as its first argument is wrapped in jax.jit; Like is not a pytree so JAX raises TypeError (cannot interpret as abstract array). static_argnums=0 works because Like hashes by identity, as the message suggests; checked.',
    ),
    Case(
        id='bg-trainax-stepper-python-if-clamp',
        source='https://github.com/Ceyron/trainax/blob/main/docs/api/trainer/supervised.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import trainax as tx
data = tx.sample_data.advection_1d_periodic(num_points=32, num_samples=4, temporal_horizon=20, key=jax.random.PRNGKey(0))
class ClampedStepper(eqx.Module):
    conv: eqx.nn.Conv1d
    def __call__(self, u):
        u_next = u + self.conv(u)
        if jnp.max(jnp.abs(u_next)) > 5.0:  # guard against blow-up during rollout
            u_next = u_next / jnp.max(jnp.abs(u_next))
        return u_next
stepper = ClampedStepper(eqx.nn.Conv1d(1, 1, 3, padding=1, padding_mode="CIRCULAR", key=jax.random.PRNGKey(1)))
trainer = tx.trainer.SupervisedTrainer(data, optimizer=optax.adam(1e-3), num_training_steps=10, batch_size=8, num_rollout_steps=3)
trainer(stepper, jax.random.PRNGKey(2))
""",
        kind='bool-conversion', argument='u', path='u', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='An emulator stepper guards against blow-up with a Python `if` on the state; SupervisedTrainer runs it under eqx.filter_jit + filter_value_and_grad + vmap, so JAX raises TracerBoolConversionError. jnp.where on the rescaled state keeps the behaviour; checked.',
    ),
    Case(
        id='bg-trainax-residuum-numpy-roll',
        source='https://github.com/Ceyron/trainax/blob/main/docs/api/trainer/residuum.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import trainax as tx
data = tx.sample_data.advection_1d_periodic(num_points=32, num_samples=4, temporal_horizon=20, key=jax.random.PRNGKey(0))
import numpy as np
def upwind_residuum(u_next, u_prev, dt=1.0, dx=1.0 / 32, c=0.75 / 32):
    # discrete residuum of u_t + c u_x = 0 on the periodic grid
    du_dx = (u_next - np.roll(u_next, 1, axis=-1)) / dx
    return (u_next - u_prev) / dt + c * du_dx
stepper = eqx.nn.Conv1d(1, 1, 3, padding=1, padding_mode="CIRCULAR", key=jax.random.PRNGKey(1))
trainer = tx.trainer.ResiduumTrainer(data, residuum_fn=upwind_residuum, optimizer=optax.adam(1e-3),
                                     num_training_steps=10, batch_size=8, num_rollout_steps=2)
trainer(stepper, jax.random.PRNGKey(2))
""",
        kind='array-conversion', argument='u_next', path='u_next', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A user residuum_fn for ResiduumTrainer uses np.roll for an upwind difference; trainax traces it inside the jitted, differentiated loss and JAX raises TracerArrayConversionError. jnp.roll fixes it; checked.',
    ),
    Case(
        id='bg-trainax-stepper-float-print',
        source='https://github.com/Ceyron/trainax/blob/main/docs/examples/lorenz_emulator.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import trainax as tx
data = tx.sample_data.advection_1d_periodic(num_points=32, num_samples=4, temporal_horizon=20, key=jax.random.PRNGKey(0))
class LoggingStepper(eqx.Module):
    conv: eqx.nn.Conv1d
    def __call__(self, u):
        print(f"max |u| before step: {float(jnp.max(jnp.abs(u))):.3f}")
        return u + self.conv(u)
stepper = LoggingStepper(eqx.nn.Conv1d(1, 1, 3, padding=1, padding_mode="CIRCULAR", key=jax.random.PRNGKey(1)))
trainer = tx.trainer.SupervisedTrainer(data, optimizer=optax.adam(1e-3), num_training_steps=10, batch_size=8)
trainer(stepper, jax.random.PRNGKey(2))
""",
        kind='concretization', argument='u', path='u', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A stepper logs the state amplitude with float() inside __call__; trainax traces the stepper (vmap under grad under filter_jit) and JAX raises ConcretizationTypeError. jax.debug.print prints the runtime value; checked.',
    ),
    Case(
        id='bg-trainax-jnp-cutoff-field-slice',
        source='https://github.com/Ceyron/trainax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import trainax as tx
data = tx.sample_data.advection_1d_periodic(num_points=32, num_samples=4, temporal_horizon=20, key=jax.random.PRNGKey(0))
class DealiasedStepper(eqx.Module):
    conv: eqx.nn.Conv1d
    cutoff: jax.Array
    def __init__(self, num_points, key):
        self.conv = eqx.nn.Conv1d(1, 1, 3, padding=1, padding_mode="CIRCULAR", key=key)
        self.cutoff = jnp.floor(2 / 3 * (num_points // 2 + 1)).astype(int)  # 2/3 rule
    def __call__(self, u):
        u_hat = jnp.fft.rfft(u + self.conv(u))
        u_hat = u_hat.at[..., self.cutoff:].set(0.0)
        return jnp.fft.irfft(u_hat, n=u.shape[-1])
stepper = DealiasedStepper(32, jax.random.PRNGKey(1))
trainer = tx.trainer.SupervisedTrainer(data, optimizer=optax.adam(1e-3), num_training_steps=10, batch_size=8)
trainer(stepper, jax.random.PRNGKey(2))
""",
        kind='traced-shape', argument='self', path='self.cutoff', line=15,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A dealiasing stepper stores its spectral cutoff as a jnp integer array field, so eqx.filter_jit inside the trainer traces it and the slice bound is a tracer: JAX raises IndexError (slice entries must be static). Computing the cutoff with plain Python int (or eqx.field(static=True)) fixes it; numpy-for-static checked. (jnp.where masking also removes the error but the int-array leaf then breaks trainax's optax update.)",
    ),
    Case(
        id='bg-trainax-jnp-substeps-range',
        source='https://github.com/Ceyron/trainax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import trainax as tx
data = tx.sample_data.advection_1d_periodic(num_points=32, num_samples=4, temporal_horizon=20, key=jax.random.PRNGKey(0))
class SubstepStepper(eqx.Module):
    conv: eqx.nn.Conv1d
    num_substeps: jax.Array
    def __init__(self, dt, dt_max, key):
        self.conv = eqx.nn.Conv1d(1, 1, 3, padding=1, padding_mode="CIRCULAR", key=key)
        self.num_substeps = jnp.ceil(dt / dt_max).astype(int)
    def __call__(self, u):
        for _ in range(self.num_substeps):
            u = u + self.conv(u) / self.num_substeps
        return u
stepper = SubstepStepper(dt=1.0, dt_max=0.3, key=jax.random.PRNGKey(1))
trainer = tx.trainer.SupervisedTrainer(data, optimizer=optax.adam(1e-3), num_training_steps=10, batch_size=8)
trainer(stepper, jax.random.PRNGKey(2))
""",
        kind='integer-conversion', argument='self', path='self.num_substeps', line=14,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A sub-stepping emulator computes its number of substeps with jnp in __init__, so the field is an array that filter_jit traces and range() raises TracerIntegerConversionError. Computing it as a Python int (int(...)/math.ceil) fixes it; checked.',
    ),
    Case(
        id='bg-trainax-batch-reduction-appends-global',
        source='https://github.com/Ceyron/trainax/blob/main/docs/api/loss.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import trainax as tx
data = tx.sample_data.advection_1d_periodic(num_points=32, num_samples=4, temporal_horizon=20, key=jax.random.PRNGKey(0))
per_sample_losses = []
def mean_and_record(sample_losses):
    per_sample_losses.append(sample_losses)  # look at the spread after training
    return jnp.mean(sample_losses)
stepper = eqx.nn.Conv1d(1, 1, 3, padding=1, padding_mode="CIRCULAR", key=jax.random.PRNGKey(1))
trainer = tx.trainer.SupervisedTrainer(data, optimizer=optax.adam(1e-3), num_training_steps=5, batch_size=8,
                                       time_level_loss=tx.loss.MSELoss(batch_reduction=mean_and_record))
stepper, loss_history = trainer(stepper, jax.random.PRNGKey(2))
jnp.std(jnp.stack(per_sample_losses), axis=1)
""",
        kind='leaked-tracer', argument='sample_losses', path='sample_losses', line=9,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A custom batch_reduction passed to MSELoss appends the per-sample losses to a global list; trainax calls it inside filter_jit/value_and_grad, so the list holds tracers and stacking them after training raises UnexpectedTracerError. Fix: compute/return the per-sample losses instead of stashing them (or use a host callback).',
        use_line=15,
    ),
    Case(
        id='bg-trainax-vmap-rollout-length-config',
        source='https://github.com/Ceyron/trainax/blob/main/docs/api/configuration/supervised.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import trainax as tx
data = tx.sample_data.advection_1d_periodic(num_points=32, num_samples=4, temporal_horizon=20, key=jax.random.PRNGKey(0))
stepper = eqx.nn.Conv1d(1, 1, 3, padding=1, padding_mode="CIRCULAR", key=jax.random.PRNGKey(1))
batch = data[:, :6]  # (samples, 1 + 5 snapshots, channel, x)
def rollout_loss(n):
    config = tx.configuration.Supervised(num_rollout_steps=n)
    return config(stepper, batch)
jax.vmap(rollout_loss)(jnp.arange(1, 6))
""",
        kind='traced-shape', argument='n', path='n', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Sweeping the rollout horizon with jax.vmap passes a tracer as num_rollout_steps; Supervised.__init__ builds jnp.ones(num_rollout_steps) and JAX raises TypeError (shapes must be concrete). The horizon must stay a Python int: loop over the values; checked.',
    ),
    Case(
        id='bg-trainax-jax-jit-step-fn-mlp',
        source='https://github.com/Ceyron/trainax/blob/main/docs/api/general_trainer.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import trainax as tx
data = tx.sample_data.advection_1d_periodic(num_points=32, num_samples=4, temporal_horizon=20, key=jax.random.PRNGKey(0))
stepper = eqx.nn.MLP(32, 32, 64, 2, key=jax.random.PRNGKey(1))
flat = data.reshape(4, 20, 32)
trainer = tx.trainer.SupervisedTrainer(flat, optimizer=optax.adam(1e-3), num_training_steps=10, batch_size=8)
opt_state = trainer.optimizer.init(eqx.filter(stepper, eqx.is_array))
step = jax.jit(trainer.step_fn)
step(stepper, opt_state, trainer.trajectory_sub_stacker(jnp.arange(8)))
""",
        kind='non-array-argument', argument='stepper', path='stepper.activation', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Calling trainer.step_fn through plain jax.jit with an eqx.nn.MLP stepper fails because the MLP carries its activation function as a leaf: JAX raises TypeError naming stepper.activation. eqx.filter_jit (what trainax uses) treats non-arrays as static; checked. Marking the whole stepper static as the message suggests would not work (arrays are unhashable).',
    ),
    Case(
        id='bg-trainax-jit-sample-data-sizes',
        source='https://github.com/Ceyron/trainax/blob/main/docs/api/sample_data.md',
        code="""\
import jax
import trainax as tx
key = jax.random.PRNGKey(0)
make_data = jax.jit(tx.sample_data.advection_1d_periodic)
train_data = make_data(64, 20, cfl=0.5, key=key)
""",
        kind='traced-shape', argument='num_samples', path='num_samples', line=5,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Jitting trainax.sample_data.advection_1d_periodic traces its integer size arguments; jax.random.split(key, num_samples) then gets a traced count and JAX raises TypeError (random_split shape parameter not hashable). static_argnames=('num_points','num_samples') fixes it; checked.",
    ),
    Case(
        id='bg-trainax-config-static-argnum',
        source='https://github.com/Ceyron/trainax/blob/main/docs/api/configuration/supervised.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import trainax as tx
data = tx.sample_data.advection_1d_periodic(num_points=32, num_samples=4, temporal_horizon=20, key=jax.random.PRNGKey(0))
from functools import partial
stepper = eqx.nn.Conv1d(1, 1, 3, padding=1, padding_mode="CIRCULAR", key=jax.random.PRNGKey(1))
config = tx.configuration.Supervised(num_rollout_steps=5, time_level_weights=0.9 ** jnp.arange(5))
@partial(jax.jit, static_argnums=0)
def test_loss(config, stepper, trajectories):
    return config(stepper, trajectories)
test_loss(config, stepper, data[:, :6])
""",
        kind='unhashable-static', argument='config', path='config.time_level_weights', line=13,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='A Supervised configuration (an eqx.Module holding a jnp time_level_weights array) is passed via static_argnums to jax.jit; hashing it hashes the array and JAX raises ValueError (non-hashable static argument). Passing it as a normal argument through eqx.filter_jit (arrays traced, ints static) works; checked.',
    ),
    Case(
        id='bg-simphony-siepic-waveguide-jit-width',
        source='https://github.com/BYUCamachoLab/simphony/blob/master/docs/api/siepic.rst',
        code="""\
import jax
import jax.numpy as jnp
import sax
from simphony.libraries import ideal, siepic
wl = jnp.linspace(1.5, 1.6, 200)
@jax.jit
def waveguide_phase(width):
    s = siepic.waveguide(wl=wl, length=100.0, width=width)
    return jnp.unwrap(jnp.angle(s["o0", "o1"]))
waveguide_phase(500.0)
""",
        kind='integer-conversion', argument='width', path='width', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="simphony's SiEPIC waveguide model picks its data file with int(width); jitting a function of the width makes it a tracer and JAX raises ConcretizationTypeError inside simphony. The width is a discrete PDK choice: static_argnums=0 fixes it; checked. JAX's astype hint does not fit.",
    ),
    Case(
        id='bg-simphony-ybranch-vmap-thickness',
        source='https://github.com/BYUCamachoLab/simphony/blob/master/docs/api/siepic.rst',
        code="""\
import jax
import jax.numpy as jnp
import sax
from simphony.libraries import ideal, siepic
wl = jnp.linspace(1.5, 1.6, 200)
def splitter_imbalance(thickness):
    s = siepic.y_branch(wl=wl, thickness=thickness)
    return jnp.abs(s["port_1", "port_2"]) ** 2 - jnp.abs(s["port_1", "port_3"]) ** 2
thicknesses = jnp.array([210.0, 220.0, 230.0])  # process corners
jax.vmap(splitter_imbalance)(thicknesses)
""",
        kind='bool-conversion', argument='thickness', path='thickness', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Sweeping process corners with jax.vmap over the y_branch thickness: simphony validates it with `thickness not in [210., 220., 230.]`, which needs a Python bool, so JAX raises TracerBoolConversionError in the library. Loop over the corner values in Python instead; checked.',
    ),
    Case(
        id='bg-simphony-classicalsim-laser-leak',
        source='https://github.com/BYUCamachoLab/simphony/blob/master/docs/api/classical.rst',
        code="""\
import jax
import jax.numpy as jnp
import sax
from simphony.libraries import ideal, siepic
wl = jnp.linspace(1.5, 1.6, 200)
netlist = {"instances": {"split": "coupler", "combine": "coupler", "top": "waveguide", "bottom": "waveguide"},
           "connections": {"split,o1": "top,o0", "split,o3": "bottom,o0", "top,o1": "combine,o0", "bottom,o1": "combine,o2"},
           "ports": {"in": "split,o0", "out": "combine,o1"}}
mzi, _ = sax.circuit(netlist=netlist, models={"coupler": ideal.coupler, "waveguide": ideal.waveguide})
from simphony.classical import ClassicalSim
sim = ClassicalSim(ckt=mzi, wl=wl, top={"length": 150.0}, bottom={"length": 50.0})
detector = sim.add_detector(ports=["out"])[0]
@jax.jit
def peak_output(input_power):
    sim.add_laser(ports=["in"], power=input_power)
    sim.run()
    return jnp.max(detector.power)
print(peak_output(2.0))
sim.run()
""",
        kind='leaked-tracer', argument='input_power', path='input_power', line=15,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A jitted helper adds a laser to a ClassicalSim built outside it; the traced power is stored on sim.lasers (and the detector keeps a traced power), so the later eager sim.run() raises UnexpectedTracerError. Fix: build the simulation inside the function and return the values instead of storing them on the shared object.',
        use_line=19,
    ),
    Case(
        id='bg-simphony-jit-waveguide-pol-string',
        source='https://github.com/BYUCamachoLab/simphony/blob/master/docs/tutorials/mzi.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import sax
from simphony.libraries import ideal, siepic
wl = jnp.linspace(1.5, 1.6, 200)
waveguide = jax.jit(siepic.waveguide)
s_te = waveguide(wl=wl, pol="te", length=100.0)
""",
        kind='non-array-argument', argument='pol', path='pol', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="jax.jit applied directly to simphony's siepic.waveguide model; the polarisation argument is the string 'te' and JAX raises TypeError (value of type str at path pol). static_argnames='pol', as the message suggests, works; checked.",
    ),
    Case(
        id='bg-simphony-mzi-passband-mask',
        source='https://github.com/BYUCamachoLab/simphony/blob/master/docs/tutorials/filters.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import sax
from simphony.libraries import ideal, siepic
wl = jnp.linspace(1.5, 1.6, 200)
netlist = {"instances": {"split": "coupler", "combine": "coupler", "top": "waveguide", "bottom": "waveguide"},
           "connections": {"split,o1": "top,o0", "split,o3": "bottom,o0", "top,o1": "combine,o0", "bottom,o1": "combine,o2"},
           "ports": {"in": "split,o0", "out": "combine,o1"}}
mzi, _ = sax.circuit(netlist=netlist, models={"coupler": ideal.coupler, "waveguide": ideal.waveguide})
@jax.jit
def passband_width(delta_length):
    s = mzi(wl=wl, top={"length": 50.0 + delta_length}, bottom={"length": 50.0})
    transmission = jnp.abs(s["out", "in"]) ** 2
    passband = wl[transmission > 0.5 * transmission.max()]
    return passband.max() - passband.min()
passband_width(20.0)
""",
        kind='boolean-index', argument='delta_length', path='delta_length', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A jitted figure of merit for an MZI built from simphony ideal models selects the 3-dB passband with a boolean mask on the transmission, which depends on the traced arm length: NonConcreteBooleanIndexError. Masked max/min with jnp.where gives the same width; checked.',
    ),
    Case(
        id='bg-simphony-dc-vmap-coupling-length',
        source='https://github.com/BYUCamachoLab/simphony/blob/master/docs/api/siepic.rst',
        code="""\
import jax
import jax.numpy as jnp
import sax
from simphony.libraries import ideal, siepic
wl = jnp.linspace(1.5, 1.6, 200)
def cross_power(coupling_length):
    s = siepic.directional_coupler(wl=wl, gap=200, coupling_length=coupling_length)
    return jnp.abs(s["port_1", "port_4"]) ** 2
lengths = jnp.arange(0.0, 20.0, 2.5)  # sweep the coupling length
jax.vmap(cross_power)(lengths)
""",
        kind='integer-conversion', argument='coupling_length', path='coupling_length', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Sweeping the directional-coupler length with jax.vmap: simphony formats the data-file name via int(coupling_length), so JAX raises ConcretizationTypeError inside the library. The length must be a Python number from the tabulated set: loop over them; checked.',
    ),
]
