"""Held-out library cases (set by): thrml, quantax, jaxhps.

How they were built: each cell is my own minimal reduction of a usage pattern of the
library's public API (README, API docs / docstrings of the exercised function; the three
libraries have almost no public issue threads about tracing errors, so the sources are the
doc pages of the APIs used). Every cell was written to a file and run with
/tmp/heldout39/venv_by/bin/python (CPython 3.11.7, venv with --system-site-packages);
every statement but the last runs, the last raises, and `line` / `use_line` were checked
against the traceback frames in the file. Each first fix was applied by hand and the
fixed cell re-run successfully.

Installed versions: jax 0.10.2, jaxlib 0.10.2, thrml 0.1.4, quantax 0.4.0 (pulled in
fermix 0.1.0, lrux 0.2.0), jaxhps 0.2, equinox 0.13.8, flax 0.12.8, optax 0.2.8,
numpy 2.4.6 (the machine's own versions; pip briefly put flax 0.12.7 / equinox 0.13.7 in the
venv, which I removed so the system versions are used). Everything runs on CPU.

Dropped: no library was dropped. Cells dropped while building: a quantax cell jitting
Operator.expectation (fails with an AttributeError about `.sharding`, not a tracing error
kind); a jaxhps cell jitting build_solver/solve (fails inside the library on `.devices()` /
`.delete()` of traced arrays; no fix in the vocabulary fits other than "do not jit it");
a quantax model using np.roll (a third array-conversion, too similar to others); a quantax
model leaking hidden activations to a global list (no mechanical fix through Variational).

Doubts about labels:
- by-quantax-vmap-site-index: JAX raises TracerBoolConversionError (quantax's range check
  `0 <= index < Nsites` runs before int()), so bool-conversion is defensible; I chose
  integer-conversion because the library needs the site index as a Python int.
- by-thrml-traced-n-samples: raised as TracerBoolConversionError by thrml's
  `if schedule.n_samples <= 1`; bool-conversion is defensible, but the value is a sample
  count that sets the scan length, hence traced-shape.
- by-jaxhps-jit-tree-levels: raised as TracerIntegerConversionError (`range(L)` inside
  jaxhps); integer-conversion is defensible, traced-shape chosen because L is a tree-depth
  count that fixes every array size.
- by-quantax-jit-state-update: raised as TracerBoolConversionError by quantax's finite-step
  check, but the underlying mistake is storing traced parameters on the state from inside
  jit (leaked-tracer is defensible); fix is to return the step and update outside.
- by-quantax-datatracer-leak: the exception at use is TracerArrayConversionError (DataTracer
  converts with np.asarray), not UnexpectedTracerError; array-conversion would be defensible
  from the exception alone. jax_fitting_fix False because that message has no leak hint.
- by-quantax-vmap-operator-scalar: array-conversion is what JAX raises (np.asarray inside
  Operator.__mul__); concretization is defensible since quantax really wants a Python
  number. The fix 'static' here means looping in Python instead of vmapping.
- by-quantax-fermion-idx-no-size: JAX raises ConcretizationTypeError (concretization is
  defensible); the fix gives the size through Nparticles=(2, 2) rather than a literal size=
  argument, so jax_fitting_fix is False although the message does name the size argument.
- by-thrml-jit-ising-model-arg: the working fix is eqx.filter_jit (labelled 'static'; closing
  over the model instead of passing it is also acceptable). JAX's static_argnums hint fails
  here because the model is unhashable, hence jax_fitting_fix False.
- by-jaxhps-adaptive-f-leak / by-quantax-datatracer-leak: 'return-value' means removing the
  side effect and getting the value from a returned/recomputed result; for jaxhps the
  refinement function cannot return extra outputs, so the value is recomputed afterwards.
  jax.debug.print would be acceptable where the goal was only inspection.
- by-thrml-range-traced-sweeps: 'static' is an equally good first fix if the number of
  sweeps is fixed per run.
- argument for observer cases: thrml calls the observer with state_free/iteration; the
  `path` given is the leaf actually used (state_free[0]).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='by-thrml-traced-n-samples',
        source='https://github.com/extropic-ai/thrml/blob/main/thrml/block_sampling.py',
        code="""\
import jax
import jax.numpy as jnp
from thrml import SpinNode, Block, SamplingSchedule, sample_states
from thrml.models import IsingEBM, IsingSamplingProgram, hinton_init

nodes = [SpinNode() for _ in range(6)]
edges = [(nodes[i], nodes[i + 1]) for i in range(5)]
model = IsingEBM(nodes, edges, jnp.zeros(6), 0.5 * jnp.ones(5), jnp.array(1.0))
free = [Block(nodes[::2]), Block(nodes[1::2])]
program = IsingSamplingProgram(model, free, clamped_blocks=[])
init = hinton_init(jax.random.key(0), model, free, ())

@jax.jit
def draw(key, n_samples):
    schedule = SamplingSchedule(n_warmup=10, n_samples=n_samples, steps_per_sample=2)
    return sample_states(key, program, schedule, init, [], [Block(nodes)])

draw(jax.random.key(1), 50)
""",
        kind='traced-shape', argument='n_samples', path='n_samples', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The sample count is a jit argument and goes into SamplingSchedule; thrml's own `if schedule.n_samples <= 1` in sample_with_observation then raises TracerBoolConversionError. The count fixes the scan length, so it must be static (static_argnums=1); checked.",
    ),
    Case(
        id='by-thrml-observer-if-iteration',
        source='https://github.com/extropic-ai/thrml/blob/main/thrml/observers.py',
        code="""\
import jax
import jax.numpy as jnp
from thrml import SpinNode, Block, SamplingSchedule, sample_with_observation, AbstractObserver
from thrml.models import IsingEBM, IsingSamplingProgram, hinton_init

nodes = [SpinNode() for _ in range(6)]
edges = [(nodes[i], nodes[i + 1]) for i in range(5)]
model = IsingEBM(nodes, edges, jnp.zeros(6), 0.5 * jnp.ones(5), jnp.array(1.0))
free = [Block(nodes[::2]), Block(nodes[1::2])]
program = IsingSamplingProgram(model, free, clamped_blocks=[])
init = hinton_init(jax.random.key(0), model, free, ())
schedule = SamplingSchedule(n_warmup=10, n_samples=20, steps_per_sample=2)

class ThinnedUpCount(AbstractObserver):
    def __call__(self, program, state_free, state_clamped, carry, iteration):
        if iteration % 5 == 0:
            carry = carry + jnp.sum(state_free[0])
        return carry, None

    def init(self):
        return jnp.array(0)

obs = ThinnedUpCount()
sample_with_observation(jax.random.key(1), program, schedule, init, [], obs.init(), obs)
""",
        kind='bool-conversion', argument='iteration', path='iteration', line=16,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom AbstractObserver branches in Python on the `iteration` counter, which thrml passes traced inside its lax.scan (the first, warm-up call is concrete and passes); TracerBoolConversionError. Adding jnp.where(cond, sum, 0) to the carry keeps the result; checked.',
    ),
    Case(
        id='by-thrml-observer-global-leak',
        source='https://github.com/extropic-ai/thrml/blob/main/thrml/observers.py',
        code="""\
import jax
import jax.numpy as jnp
from thrml import SpinNode, Block, SamplingSchedule, sample_with_observation, AbstractObserver
from thrml.models import IsingEBM, IsingSamplingProgram, hinton_init

nodes = [SpinNode() for _ in range(6)]
edges = [(nodes[i], nodes[i + 1]) for i in range(5)]
model = IsingEBM(nodes, edges, jnp.zeros(6), 0.5 * jnp.ones(5), jnp.array(1.0))
free = [Block(nodes[::2]), Block(nodes[1::2])]
program = IsingSamplingProgram(model, free, clamped_blocks=[])
init = hinton_init(jax.random.key(0), model, free, ())
schedule = SamplingSchedule(n_warmup=10, n_samples=20, steps_per_sample=2)
history = []

class RecordEven(AbstractObserver):
    def __call__(self, program, state_free, state_clamped, carry, iteration):
        history.append(state_free[0])
        return carry, None

obs = RecordEven()
sample_with_observation(jax.random.key(1), program, schedule, init, [], obs.init(), obs)
jnp.stack(history).mean()
""",
        kind='leaked-tracer', argument='state_free', path='state_free[0]', line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="The observer appends the block state to a module-level list from inside thrml's scan body; stacking the list afterwards raises UnexpectedTracerError. Returning the state as the observation (second output) lets thrml stack it; checked.",
        use_line=22,
    ),
    Case(
        id='by-thrml-moment-transform-numpy',
        source='https://github.com/extropic-ai/thrml/blob/main/thrml/observers.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from thrml import SpinNode, Block, SamplingSchedule, sample_with_observation, MomentAccumulatorObserver
from thrml.models import IsingEBM, IsingSamplingProgram, hinton_init

nodes = [SpinNode() for _ in range(6)]
edges = [(nodes[i], nodes[i + 1]) for i in range(5)]
model = IsingEBM(nodes, edges, jnp.zeros(6), 0.5 * jnp.ones(5), jnp.array(1.0))
free = [Block(nodes[::2]), Block(nodes[1::2])]
program = IsingSamplingProgram(model, free, clamped_blocks=[])
init = hinton_init(jax.random.key(0), model, free, ())
schedule = SamplingSchedule(n_warmup=10, n_samples=20, steps_per_sample=2)

def to_pm1(state, blocks):
    return [np.where(s, 1.0, -1.0) for s in state]

obs = MomentAccumulatorObserver(([(n,) for n in nodes], edges), to_pm1)
sample_with_observation(jax.random.key(1), program, schedule, init, [], obs.init(), obs)
""",
        kind='array-conversion', argument='state', path='state[0]', line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The f_transform given to MomentAccumulatorObserver maps spins with np.where; it is traced inside the sampling scan, so TracerArrayConversionError. jnp.where is the drop-in fix; checked.',
    ),
    Case(
        id='by-thrml-range-traced-sweeps',
        source='https://github.com/extropic-ai/thrml/blob/main/thrml/block_sampling.py',
        code="""\
import jax
import jax.numpy as jnp
from thrml import SpinNode, Block, sample_blocks
from thrml.models import IsingEBM, IsingSamplingProgram, hinton_init

nodes = [SpinNode() for _ in range(6)]
edges = [(nodes[i], nodes[i + 1]) for i in range(5)]
model = IsingEBM(nodes, edges, jnp.zeros(6), 0.5 * jnp.ones(5), jnp.array(1.0))
free = [Block(nodes[::2]), Block(nodes[1::2])]
program = IsingSamplingProgram(model, free, clamped_blocks=[])
init = hinton_init(jax.random.key(0), model, free, ())

@jax.jit
def anneal(key, state, n_sweeps):
    sampler_state = [None, None]
    for _ in range(n_sweeps):
        key, k = jax.random.split(key)
        state, sampler_state = sample_blocks(k, state, [], program, sampler_state)
    return state

anneal(jax.random.key(1), init, 30)
""",
        kind='integer-conversion', argument='n_sweeps', path='n_sweeps', line=16,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A hand-written annealing loop calls sample_blocks in `for _ in range(n_sweeps)` with n_sweeps a jit argument; TracerIntegerConversionError. lax.fori_loop over the sweeps (or static_argnums for n_sweeps) works; both checked.',
    ),
    Case(
        id='by-thrml-jit-ising-model-arg',
        source='https://github.com/extropic-ai/thrml/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from thrml import SpinNode, Block
from thrml.models import IsingEBM, hinton_init

nodes = [SpinNode() for _ in range(6)]
edges = [(nodes[i], nodes[i + 1]) for i in range(5)]
model = IsingEBM(nodes, edges, jnp.zeros(6), 0.5 * jnp.ones(5), jnp.array(1.0))
free = [Block(nodes[::2]), Block(nodes[1::2])]
state = hinton_init(jax.random.key(0), model, free, ())

@jax.jit
def energy(ebm, state):
    return ebm.energy(state, free)

energy(model, state)
""",
        kind='non-array-argument', argument='ebm', path='ebm.nodes[0]', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='An IsingEBM (an equinox Module holding SpinNode objects) is passed to a plain jax.jit function; TypeError naming ebm.nodes[0]. JAX suggests static_argnums, but the model holds arrays and is unhashable (checked: fails); eqx.filter_jit, which keeps non-array leaves static, works; checked.',
    ),
    Case(
        id='by-thrml-static-block-list',
        source='https://github.com/extropic-ai/thrml/blob/main/thrml/block_sampling.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from thrml import SpinNode, Block, SamplingSchedule, sample_states
from thrml.models import IsingEBM, IsingSamplingProgram, hinton_init

nodes = [SpinNode() for _ in range(6)]
edges = [(nodes[i], nodes[i + 1]) for i in range(5)]
model = IsingEBM(nodes, edges, jnp.zeros(6), 0.5 * jnp.ones(5), jnp.array(1.0))
free = [Block(nodes[::2]), Block(nodes[1::2])]
program = IsingSamplingProgram(model, free, clamped_blocks=[])
init = hinton_init(jax.random.key(0), model, free, ())
schedule = SamplingSchedule(n_warmup=10, n_samples=20, steps_per_sample=2)

@partial(jax.jit, static_argnames=("observed",))
def draw(key, observed):
    return sample_states(key, program, schedule, init, [], observed)

draw(jax.random.key(1), observed=[Block(nodes[:3]), Block(nodes[3:])])
""",
        kind='unhashable-static', argument='observed', path='observed', line=19,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The list of Blocks to observe is marked static in jax.jit but passed as a list; ValueError (non-hashable static argument, from TypeError unhashable list). Passing a tuple of Blocks works with sample_states; checked.',
    ),
    Case(
        id='by-thrml-observer-item-print',
        source='https://github.com/extropic-ai/thrml/blob/main/thrml/observers.py',
        code="""\
import jax
import jax.numpy as jnp
from thrml import SpinNode, Block, SamplingSchedule, sample_with_observation, AbstractObserver
from thrml.models import IsingEBM, IsingSamplingProgram, hinton_init

nodes = [SpinNode() for _ in range(6)]
edges = [(nodes[i], nodes[i + 1]) for i in range(5)]
model = IsingEBM(nodes, edges, jnp.zeros(6), 0.5 * jnp.ones(5), jnp.array(1.0))
free = [Block(nodes[::2]), Block(nodes[1::2])]
program = IsingSamplingProgram(model, free, clamped_blocks=[])
init = hinton_init(jax.random.key(0), model, free, ())
schedule = SamplingSchedule(n_warmup=10, n_samples=20, steps_per_sample=2)

class PrintMagnetization(AbstractObserver):
    def __call__(self, program, state_free, state_clamped, carry, iteration):
        m = jnp.mean(2.0 * state_free[0] - 1.0)
        print(f"sweep {iteration}: m = {m.item():.3f}")
        return carry, m

obs = PrintMagnetization()
sample_with_observation(jax.random.key(1), program, schedule, init, [], obs.init(), obs)
""",
        kind='concretization', argument='state_free', path='state_free[0]', line=17,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="The observer prints the magnetization with .item(); inside thrml's scan the value is traced, so ConcretizationTypeError (item() method). jax.debug.print keeps the logging; checked.",
    ),
    Case(
        id='by-thrml-observer-bool-mask',
        source='https://github.com/extropic-ai/thrml/blob/main/thrml/observers.py',
        code="""\
import jax
import jax.numpy as jnp
from thrml import SpinNode, Block, SamplingSchedule, sample_with_observation, AbstractObserver
from thrml.models import IsingEBM, IsingSamplingProgram, hinton_init

nodes = [SpinNode() for _ in range(6)]
edges = [(nodes[i], nodes[i + 1]) for i in range(5)]
biases = jnp.linspace(-1.0, 1.0, 6)
model = IsingEBM(nodes, edges, biases, 0.5 * jnp.ones(5), jnp.array(1.0))
free = [Block(nodes[::2]), Block(nodes[1::2])]
program = IsingSamplingProgram(model, free, clamped_blocks=[])
init = hinton_init(jax.random.key(0), model, free, ())
schedule = SamplingSchedule(n_warmup=10, n_samples=20, steps_per_sample=2)

class UpFieldObserver(AbstractObserver):
    def __call__(self, program, state_free, state_clamped, carry, iteration):
        up = state_free[0]
        return carry, jnp.sum(biases[::2][up])

obs = UpFieldObserver()
sample_with_observation(jax.random.key(1), program, schedule, init, [], obs.init(), obs)
""",
        kind='boolean-index', argument='state_free', path='state_free[0]', line=18,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The observer sums the fields of up spins by indexing with the traced boolean block state; NonConcreteBooleanIndexError. jnp.sum(jnp.where(up, field, 0)) gives the same sum; checked.',
    ),
    Case(
        id='by-quantax-model-if-sign',
        source='https://chenao-phys.github.io/quantax/state/quantax.state.Variational.html',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import quantax as qtx

lattice = qtx.sites.Chain(L=8)

class SignedJastrow(eqx.Module):
    J: jax.Array

    def __call__(self, x):
        amp = jnp.exp(x @ self.J @ x / 8)
        if x[0] < 0:
            return -amp
        return amp

state = qtx.state.Variational(SignedJastrow(0.01 * jnp.ones((8, 8))))
qtx.sampler.LocalFlip(state, nsamples=64)
""",
        kind='bool-conversion', argument='x', path='x', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom equinox wavefunction flips its sign with a Python `if` on the spin configuration; quantax vmaps and jits the model when LocalFlip evaluates the initial configurations, so TracerBoolConversionError. jnp.where(x[0] < 0, -amp, amp) (or lax.cond) works; checked.',
    ),
    Case(
        id='by-quantax-vmap-operator-scalar',
        source='https://chenao-phys.github.io/quantax/operator/quantax.operator.Operator.html',
        code="""\
import jax
import jax.numpy as jnp
import quantax as qtx
from quantax.operator import sigma_z

lattice = qtx.sites.Chain(L=8)
state = qtx.state.Variational(qtx.model.RBM_Dense(features=16))
samples = qtx.sampler.LocalFlip(state, nsamples=64).sweep()

def diag_energy(g):
    H = qtx.operator.Ising(h=1.0) - g * sum(sigma_z(i) for i in range(8))
    return jnp.mean(H.apply_diag(samples.spins))

jax.vmap(diag_energy)(jnp.linspace(0.5, 1.5, 5))
""",
        kind='array-conversion', argument='g', path='g', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Scanning a longitudinal field with jax.vmap multiplies an Operator by a traced scalar; Operator.__mul__ calls np.asarray(other).item(), so TracerArrayConversionError raised inside quantax. Operators are Python objects needing Python numbers: loop over the fields in Python; checked.',
    ),
    Case(
        id='by-quantax-vmap-site-index',
        source='https://chenao-phys.github.io/quantax/operator/quantax.operator.sigma_z.html',
        code="""\
import jax
import jax.numpy as jnp
import quantax as qtx
from quantax.operator import sigma_z

lattice = qtx.sites.Chain(L=8)
state = qtx.state.Variational(qtx.model.RBM_Dense(features=16))
samples = qtx.sampler.LocalFlip(state, nsamples=64).sweep()

def zz(r):
    op = sigma_z(0) @ sigma_z(r)
    return jnp.mean(op.apply_diag(samples.spins))

jax.vmap(zz)(jnp.arange(1, 8))
""",
        kind='integer-conversion', argument='r', path='r', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A correlation function vmapped over the distance passes a traced site index to sigma_z; quantax checks `0 <= index < Nsites` and calls int(), and the check raises TracerBoolConversionError. Site indices must be Python ints: loop over r in Python; checked.',
    ),
    Case(
        id='by-quantax-jit-operator-arg',
        source='https://chenao-phys.github.io/quantax/operator/quantax.operator.Operator.html',
        code="""\
import jax
import jax.numpy as jnp
import quantax as qtx

lattice = qtx.sites.Chain(L=8)
state = qtx.state.Variational(qtx.model.RBM_Dense(features=16))
samples = qtx.sampler.LocalFlip(state, nsamples=64).sweep()
H = qtx.operator.Ising(h=1.0)

@jax.jit
def diag_energy(op, spins):
    return jnp.mean(op.apply_diag(spins))

diag_energy(H, samples.spins)
""",
        kind='non-array-argument', argument='op', path='op', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A quantax Operator (not a pytree) is passed as a jit argument; TypeError, not a valid JAX type. Operators hash by identity, so static_argnums=0 (as JAX suggests) works; checked.',
    ),
    Case(
        id='by-quantax-fermion-idx-no-size',
        source='https://chenao-phys.github.io/quantax/nn/quantax.nn.fermion_idx.html',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import quantax as qtx
from quantax.nn import fermion_idx

lattice = qtx.sites.Chain(L=4, particle_type="spinful_fermion", Nparticles=4)

class Slater(eqx.Module):
    U: jax.Array

    def __call__(self, x):
        up, dn = fermion_idx(x, separate_spins=True)
        return jnp.linalg.det(self.U[jnp.concatenate([up, dn + 4])])

state = qtx.state.Variational(Slater(jax.random.normal(jax.random.key(0), (8, 4))))
spins = jnp.array([[1, 1, -1, -1, 1, -1, 1, -1]], dtype=jnp.int8)
state(spins)
""",
        kind='boolean-index', argument='x', path='x', line=13,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=False,
        note='With Nparticles given as a total (int), fermion_idx(separate_spins=True) calls jnp.flatnonzero with size=None inside the vmapped model; ConcretizationTypeError about the nonzero size. Giving the per-spin counts, Nparticles=(2, 2), supplies the size; checked.',
    ),
    Case(
        id='by-quantax-array-field-slice',
        source='https://chenao-phys.github.io/quantax/state/quantax.state.Variational.html',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import quantax as qtx

lattice = qtx.sites.Chain(L=8)

class WindowRBM(eqx.Module):
    W: jax.Array
    window: jax.Array

    def __call__(self, x):
        h = self.W[:, : self.window] @ x[: self.window]
        return jnp.prod(jnp.cosh(h))

model = WindowRBM(0.1 * jax.random.normal(jax.random.key(0), (16, 8)), jnp.array(6))
state = qtx.state.Variational(model)
samples = qtx.sampler.LocalFlip(state, nsamples=64).sweep()
""",
        kind='traced-shape', argument='self', path='self.window', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A model keeps its window length as a jnp.array field, so quantax's filter_jit traces it and the slice bound is a tracer; IndexError (slice entries must be static). Storing a Python int (or eqx.field(static=True)) fixes it; checked.",
    ),
    Case(
        id='by-quantax-datatracer-leak',
        source='https://chenao-phys.github.io/quantax/utils/quantax.utils.DataTracer.html',
        code="""\
import jax
import jax.numpy as jnp
import quantax as qtx

lattice = qtx.sites.Chain(L=8)
state = qtx.state.Variational(qtx.model.RBM_Dense(features=16))
sampler = qtx.sampler.LocalFlip(state, nsamples=64)
H = qtx.operator.Ising(h=1.0)
zz_trace = qtx.utils.DataTracer()

@jax.jit
def zz_energy(spins):
    e = jnp.mean(H.apply_diag(spins))
    zz_trace.append(e)
    return e

for _ in range(3):
    zz_energy(sampler.sweep().spins)
zz_trace.mean()
""",
        kind='leaked-tracer', argument='spins', path='spins', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A jitted measurement appends its traced result to a quantax DataTracer; DataTracer.mean() later calls np.asarray on the stored tracer and JAX raises TracerArrayConversionError. Return the value and append outside the jit; checked.',
        use_line=19,
    ),
    Case(
        id='by-quantax-static-bond-list',
        source='https://chenao-phys.github.io/quantax/operator/quantax.operator.sigma_z.html',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import quantax as qtx
from quantax.operator import sigma_z

lattice = qtx.sites.Chain(L=8)
state = qtx.state.Variational(qtx.model.RBM_Dense(features=16))
samples = qtx.sampler.LocalFlip(state, nsamples=64).sweep()

@partial(jax.jit, static_argnames=("bonds",))
def zz_energy(spins, bonds):
    op = sum(sigma_z(i) @ sigma_z(j) for i, j in bonds)
    return jnp.mean(op.apply_diag(spins))

zz_energy(samples.spins, bonds=[(0, 1), (2, 3), (4, 5)])
""",
        kind='unhashable-static', argument='bonds', path='bonds', line=16,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Bonds used to build an operator inside jit are marked static but given as a list; ValueError (non-hashable static argument). A tuple of tuples works; checked.',
    ),
    Case(
        id='by-quantax-jit-state-update',
        source='https://chenao-phys.github.io/quantax/state/quantax.state.Variational.html',
        code="""\
import jax
import jax.numpy as jnp
import quantax as qtx

lattice = qtx.sites.Chain(L=8)
state = qtx.state.Variational(qtx.model.RBM_Dense(features=16))
sampler = qtx.sampler.LocalFlip(state, nsamples=64)
optimizer = qtx.optimizer.SR(state, qtx.operator.Ising(h=1.0))

@jax.jit
def apply_step(step, lr):
    state.update(lr * step)

step = optimizer.get_step(sampler.sweep())
apply_step(step, 1e-2)
""",
        kind='bool-conversion', argument='step', path='step', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='Variational.update is called inside jax.jit; its own `if not jnp.all(jnp.isfinite(step))` raises TracerBoolConversionError (and it would store traced parameters on the state). Return the scaled step from the jitted function and call state.update outside; checked.',
    ),
    Case(
        id='by-jaxhps-adaptive-f-if',
        source='https://github.com/meliao/jaxhps/blob/main/src/jaxhps/_domain.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxhps

root = jaxhps.DiscretizationNode2D(xmin=0.0, xmax=1.0, ymin=0.0, ymax=1.0)

def bump(pts):
    r2 = jnp.sum((pts - 0.5) ** 2, axis=-1)
    if jnp.min(r2) > 0.1:
        return jnp.zeros_like(r2)
    return jnp.exp(-r2 / 0.01)

domain = jaxhps.Domain.from_adaptive_discretization(p=8, q=6, root=root, f=bump, tol=1e-4)
""",
        kind='bool-conversion', argument='pts', path='pts', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='The refinement function given to Domain.from_adaptive_discretization skips far patches with a Python `if`; jaxhps vmaps it over patches, so TracerBoolConversionError (the first, unbatched call passes). jnp.where over the two branches works; checked.',
    ),
    Case(
        id='by-jaxhps-adaptive-f-numpy',
        source='https://github.com/meliao/jaxhps/blob/main/src/jaxhps/_domain.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jaxhps

root = jaxhps.DiscretizationNode2D(xmin=0.0, xmax=1.0, ymin=0.0, ymax=1.0)

def bump(pts):
    r2 = np.sum((pts - 0.5) ** 2, axis=-1)
    return np.exp(-r2 / 0.01)

domain = jaxhps.Domain.from_adaptive_discretization(p=8, q=6, root=root, f=bump, tol=1e-4)
""",
        kind='array-conversion', argument='pts', path='pts', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The refinement function uses NumPy; it runs once on concrete points and then under jaxhps's vmap, where np.exp raises TracerArrayConversionError. Use jnp.sum / jnp.exp; checked.",
    ),
    Case(
        id='by-jaxhps-adaptive-f-leak',
        source='https://github.com/meliao/jaxhps/blob/main/src/jaxhps/_domain.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxhps

root = jaxhps.DiscretizationNode2D(xmin=0.0, xmax=1.0, ymin=0.0, ymax=1.0)
seen = []

def bump(pts):
    vals = jnp.exp(-jnp.sum((pts - 0.5) ** 2, axis=-1) / 0.01)
    seen.append(vals)
    return vals

domain = jaxhps.Domain.from_adaptive_discretization(p=8, q=6, root=root, f=bump, tol=1e-4)
jnp.max(seen[-1])
""",
        kind='leaked-tracer', argument='pts', path='pts', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="The refinement function stores its values in a global list; the last entries are batch tracers from jaxhps's vmap, and using one later raises UnexpectedTracerError. Drop the side effect and evaluate the function on domain.interior_points afterwards; checked.",
        use_line=14,
    ),
    Case(
        id='by-jaxhps-adaptive-f-mask',
        source='https://github.com/meliao/jaxhps/blob/main/src/jaxhps/_domain.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxhps

root = jaxhps.DiscretizationNode2D(xmin=0.0, xmax=1.0, ymin=0.0, ymax=1.0)

def permittivity(pts):
    r2 = jnp.sum((pts - 0.5) ** 2, axis=-1)
    eps = jnp.ones_like(r2)
    return eps.at[r2 < 0.04].set(4.0)

domain = jaxhps.Domain.from_adaptive_discretization(p=8, q=6, root=root, f=permittivity, tol=1e-3)
""",
        kind='boolean-index', argument='pts', path='pts', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A piecewise permittivity sets an inclusion with .at[mask].set inside the vmapped refinement function; NonConcreteBooleanIndexError. jnp.where(r2 < 0.04, 4.0, eps) is equivalent; checked.',
    ),
    Case(
        id='by-jaxhps-adaptive-f-float',
        source='https://github.com/meliao/jaxhps/blob/main/src/jaxhps/_domain.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxhps

root = jaxhps.DiscretizationNode2D(xmin=0.0, xmax=1.0, ymin=0.0, ymax=1.0)

def bump(pts):
    vals = jnp.exp(-jnp.sum((pts - 0.5) ** 2, axis=-1) / 0.01)
    print("peak on this patch: %.3e" % float(vals.max()))
    return vals

domain = jaxhps.Domain.from_adaptive_discretization(p=8, q=6, root=root, f=bump, tol=1e-4)
""",
        kind='concretization', argument='pts', path='pts', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="The refinement function logs float(vals.max()); under jaxhps's vmap this is ConcretizationTypeError (its hint about astype does not fit a print). jax.debug.print works; checked.",
    ),
    Case(
        id='by-jaxhps-jit-tree-levels',
        source='https://github.com/meliao/jaxhps/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxhps

root = jaxhps.DiscretizationNode2D(xmin=0.0, xmax=1.0, ymin=0.0, ymax=1.0)

@jax.jit
def leaf_points(L):
    domain = jaxhps.Domain(p=8, q=6, root=root, L=L)
    return domain.interior_points

leaf_points(3)
""",
        kind='traced-shape', argument='L', path='L', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The number of quadtree levels is a jit argument; jaxhps builds the grid with `for level in range(L)`, raising TracerIntegerConversionError inside the library. L fixes array sizes, so mark it static; checked.',
    ),
    Case(
        id='by-jaxhps-jit-domain-arg',
        source='https://github.com/meliao/jaxhps/blob/main/src/jaxhps/_domain.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxhps

root = jaxhps.DiscretizationNode2D(xmin=0.0, xmax=1.0, ymin=0.0, ymax=1.0)
domain = jaxhps.Domain(p=8, q=6, root=root, L=2)
u = jnp.sin(domain.interior_points[..., 0]) * domain.interior_points[..., 1]
xs = jnp.linspace(0.0, 1.0, 50)

@jax.jit
def to_grid(dom, samples):
    return dom.interp_from_interior_points(samples, xs, xs)[0]

to_grid(domain, u)
""",
        kind='non-array-argument', argument='dom', path='dom', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jaxhps Domain (a plain Python object) is passed to a jitted interpolation helper; TypeError, not a valid JAX type. Domain hashes by identity, so static_argnums=0 (JAX's suggestion) works; checked.",
    ),
    Case(
        id='by-jaxhps-static-array-grid',
        source='https://github.com/meliao/jaxhps/blob/main/src/jaxhps/_domain.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import jaxhps

root = jaxhps.DiscretizationNode2D(xmin=0.0, xmax=1.0, ymin=0.0, ymax=1.0)
domain = jaxhps.Domain(p=8, q=6, root=root, L=2)
u = jnp.sin(domain.interior_points[..., 0]) * domain.interior_points[..., 1]

@partial(jax.jit, static_argnames=("xs",))
def to_grid(samples, xs):
    return domain.interp_from_interior_points(samples, xs, xs)[0]

to_grid(u, xs=jnp.linspace(0.0, 1.0, 50))
""",
        kind='unhashable-static', argument='xs', path='xs', line=14,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The evaluation grid (a jax array) for Domain.interp_from_interior_points is marked static; ValueError (non-hashable static argument). The grid only needs a static shape, so pass it traced; checked.',
    ),
]
