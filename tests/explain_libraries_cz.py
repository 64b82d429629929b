"""Held-out library cases (set z): gxm, jaxfmm, spotter.

How they were built: each cell was written by hand against the installed source of the
library (read in the venv's site-packages) and its docs/README, in a venv made with
`python3 -m venv --system-site-packages /tmp/heldout52/venv_cz` and
`pip install gxm jaxfmm spotter "jax==0.10.2" "jaxlib==0.10.2"` with flax 0.12.8,
equinox 0.13.8, optax 0.2.8 and numpy 2.4.6 pinned to the machine's versions.
Interpreter: CPython 3.11.7, CPU only. Installed versions: gxm 0.4.0, jaxFMM 0.6.0,
spotter 0.0.11 (pulls healpy 1.20.1, astropy 8.0.2, matplotlib 3.11.2 and tinygp 0.3.1,
the last only as a dependency: no case is about it), jax/jaxlib 0.10.2, equinox 0.13.8
(spotter's Star is an equinox module).
Every cell was written to a file and run with the venv's python: every statement but the
last runs, the last raises; the exception class is in each note, and `line`/`use_line`
were checked against the traceback frames that lie in the cell file. Every first fix was
applied by hand to the cell and the fixed cell was re-run without error ("checked").
64-bit mode: none of the three libraries turns jax_enable_x64 on (checked after every
case and every fix: it stays False, so all arrays are float32/int32). jaxfmm.plan only
*suggests* enabling x64 in a ValueError when err_tol is below the float32 floor; no case
relies on that.
gxm ships no native environments (only adapters to excluded libraries such as gymnax and
brax), so the gxm cases use small user-written gxm.AutoResetEnvironment subclasses driven
by gxm's own rollout/evaluate (lax.scan), the way its README and quick start describe.
jaxfmm is hosted on GitLab (no GitHub issue tracker in the index), so its sources are its
documentation site and PyPI pages; spotter and gxm had no matching issue threads, so their
sources are the GitHub source/docs pages of the API each case exercises.

Dropped: jax-geometric 0.0.1 (candidate) installs but its wheel contains only an empty
`__init__.py` (no graph data structures or layers to use), so it was replaced by the first
alternate, spotter. A jaxfmm case that passed N_max as a traced jit argument was dropped:
making N_max static did not make it run, because gen_hierarchy cannot run under jit at all
(that pattern is covered by z-jaxfmm-tree-built-in-jit).

Doubts about labels:
- z-jaxfmm-hierarchy-dict-jit-arg: JAX's text is the 'Non-hashable static arguments'
  error, so unhashable-static is defensible; labelled traced-shape because the culprit is
  the user tracing compile-time constants (lvl_info/src_ofs tuples of ints) that
  eval_potential needs static. Using jaxfmm.compile_point_evaluator is an equally good
  first fix (also 'static': it splits static from array members).
- z-jaxfmm-direct-field-flag: the tracer is an unhashable value reaching a static
  argument (unhashable-static); traced-shape ('other compile-time constant') is also
  defensible. Calling the already-jitted eval_potential_direct without re-jitting also works.
- z-jaxfmm-tree-built-in-jit: bool-conversion is what JAX raises (inside the library's tree
  builder); concretization is defensible since the library needs concrete positions. The
  fix changes the jitted function's signature (the tree is built outside from concrete
  positions); dropping jax.jit also runs (grad through gen_hierarchy works eagerly).
- z-jaxfmm-kifmm-setup-jit-arg: non-array-argument (JAX reports a str leaf); since the dict
  also holds ints that kifmm needs static, traced-shape would be the next error.
- z-gxm-rollout-traced-nsteps: JAX's message points to while_loop/fori_loop, but the scan is
  inside gxm's rollout, so only 'static' is a user-side fix; lax.fori_loop is not listed.
- z-gxm-discrete-assert-vmap: the library's `assert n >= 0` raises TracerBoolConversionError,
  hence bool-conversion; traced-shape is defensible because n is the action-space size.
- z-gxm-step-if-goal / z-gxm-env-self-leak: the position depends on both `state` and
  `action`; `state` (first in the signature of _step that feeds it) was chosen.
- z-gxm-evaluate-float-print: the return depends on both `bias` and `key`; `bias` is first.
- z-gxm-dataclass-env-static: closing over the env instead of passing it static (a 'static'
  variant) also works; eq=False instead of frozen=True is equally fine.
- z-spotter-transit-chord-nonzero: JAX raises ConcretizationTypeError (concretization is
  defensible); labelled boolean-index as it is jnp.nonzero without size. jnp.where(chord,
  size=...) is the same fix; a 3-argument jnp.where would change the result (mask, not indices).
- z-spotter-show-in-loss: the conversion happens inside spotter/healpy plotting code;
  'return-value' (plot outside) is as good as jax.debug.callback.
- z-spotter-float-inclination: the real fix is to drop float(); 'astype' (jnp.asarray(inc,
  float)) is the vocabulary item closest to that and is what JAX suggests.
- z-spotter-jit-normalize-flag: traced-shape ('other compile-time constant': an option
  flag) is defensible; labelled bool-conversion because JAX raises
  TracerBoolConversionError from spotter's own `... if normalize else ...`.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='z-gxm-step-if-goal',
        source='https://github.com/huterguier/gxm/blob/main/gxm/core.py',
        code="""\
import jax, jax.numpy as jnp
import gxm
from gxm.spaces import Discrete, Box
from gxm.utils.core import rollout

def ts(obs, action, reward, done):
    return gxm.Timestep(next_obs=obs, true_next_obs=obs, action=action, reward=reward, terminated=done, truncated=jnp.bool_(False), info={})

class Walk(gxm.AutoResetEnvironment):
    id, action_space, observation_space = "Walk-v0", Discrete(2), Box(-9.0, 9.0, (1,))
    def _reset(self, key):
        return {"pos": jnp.zeros(())}, ts(jnp.zeros(1), jnp.int32(0), jnp.float32(0), jnp.bool_(False))
    def _step(self, key, state, action):
        pos = state["pos"] + jnp.where(action == 1, 1.0, -1.0)
        if pos >= 5.0:
            reward = 1.0
        else:
            reward = 0.0
        return {"pos": pos}, ts(pos[None], action, jnp.float32(reward), pos >= 5.0)

env = Walk()
policy = lambda key, pi_state, obs: (env.action_space.sample(key), pi_state)
traj = rollout(jax.random.PRNGKey(0), env, policy, None, 100)
""",
        kind='bool-conversion', argument='state', path="state['pos']", line=15,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user-written gxm AutoResetEnvironment._step branches with a Python `if` on the new position; gxm.utils.core.rollout traces _step inside lax.scan, so JAX raises TracerBoolConversionError. Computing the reward with jnp.where (or lax.cond) keeps it traceable; checked.',
    ),
    Case(
        id='z-gxm-moves-list-index',
        source='https://github.com/huterguier/gxm/blob/main/gxm/core.py',
        code="""\
import jax, jax.numpy as jnp
import gxm
from gxm.spaces import Discrete, Box
from gxm.utils.core import rollout

def ts(obs, action, reward, done):
    return gxm.Timestep(next_obs=obs, true_next_obs=obs, action=action, reward=reward, terminated=done, truncated=jnp.bool_(False), info={})

class Walk(gxm.AutoResetEnvironment):
    id, action_space, observation_space = "Walk-v0", Discrete(3), Box(-9.0, 9.0, (1,))
    def _reset(self, key):
        return {"pos": jnp.zeros(())}, ts(jnp.zeros(1), jnp.int32(0), jnp.float32(0), jnp.bool_(False))
    MOVES = [-1.0, 0.0, 1.0]
    def _step(self, key, state, action):
        pos = state["pos"] + self.MOVES[action]
        return {"pos": pos}, ts(pos[None], action, jnp.float32(0), pos >= 5.0)

env = Walk()
policy = lambda key, pi_state, obs: (env.action_space.sample(key), pi_state)
traj = rollout(jax.random.PRNGKey(0), env, policy, None, 100)
""",
        kind='integer-conversion', argument='action', path='action', line=15,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The environment maps a Discrete action to a move through a Python list; the action sampled in rollout's scan is traced, so list indexing calls __index__ and JAX raises TracerIntegerConversionError. Storing the table as a jnp array lets the traced index gather from it; checked.",
    ),
    Case(
        id='z-gxm-jit-rollout-env-arg',
        source='https://github.com/huterguier/gxm/blob/main/gxm/utils/core.py',
        code="""\
import jax, jax.numpy as jnp
import gxm
from gxm.spaces import Discrete, Box
from gxm.utils.core import rollout

def ts(obs, action, reward, done):
    return gxm.Timestep(next_obs=obs, true_next_obs=obs, action=action, reward=reward, terminated=done, truncated=jnp.bool_(False), info={})

class Walk(gxm.AutoResetEnvironment):
    id, action_space, observation_space = "Walk-v0", Discrete(2), Box(-9.0, 9.0, (1,))
    def _reset(self, key):
        return {"pos": jnp.zeros(())}, ts(jnp.zeros(1), jnp.int32(0), jnp.float32(0), jnp.bool_(False))
    def _step(self, key, state, action):
        pos = state["pos"] + jnp.where(action == 1, 1.0, -1.0)
        return {"pos": pos}, ts(pos[None], action, jnp.float32(pos >= 5.0), pos >= 5.0)

env = Walk()
policy = lambda key, pi_state, obs: (env.action_space.sample(key), pi_state)
traj = jax.jit(rollout)(jax.random.PRNGKey(0), env, policy, None, 100)
""",
        kind='non-array-argument', argument='env', path='env', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Jitting gxm's rollout directly passes the environment object (and the policy) as traced arguments; JAX raises TypeError ('Error interpreting argument ... as an abstract array', path env). Marking env, pi and n_steps static (static_argnums=(1, 2, 4)) fixes it, as the message suggests; checked.",
    ),
    Case(
        id='z-gxm-rollout-traced-nsteps',
        source='https://github.com/huterguier/gxm/blob/main/gxm/utils/core.py',
        code="""\
import jax, jax.numpy as jnp
import gxm
from gxm.spaces import Discrete, Box
from gxm.utils.core import rollout

def ts(obs, action, reward, done):
    return gxm.Timestep(next_obs=obs, true_next_obs=obs, action=action, reward=reward, terminated=done, truncated=jnp.bool_(False), info={})

class Walk(gxm.AutoResetEnvironment):
    id, action_space, observation_space = "Walk-v0", Discrete(2), Box(-9.0, 9.0, (1,))
    def _reset(self, key):
        return {"pos": jnp.zeros(())}, ts(jnp.zeros(1), jnp.int32(0), jnp.float32(0), jnp.bool_(False))
    def _step(self, key, state, action):
        pos = state["pos"] + jnp.where(action == 1, 1.0, -1.0)
        return {"pos": pos}, ts(pos[None], action, jnp.float32(pos >= 5.0), pos >= 5.0)

env = Walk()
policy = lambda key, pi_state, obs: (env.action_space.sample(key), pi_state)
fast_rollout = jax.jit(rollout, static_argnums=(1, 2))
traj = fast_rollout(jax.random.PRNGKey(0), env, policy, None, 100)
""",
        kind='traced-shape', argument='n_steps', path='n_steps', line=20,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Only env and pi were made static, so n_steps is traced and reaches lax.scan(length=n_steps) inside rollout; JAX raises ConcretizationTypeError for scan's length. Making n_steps static too fixes it (the message's while_loop/fori_loop hint targets library code the user does not own); checked.",
    ),
    Case(
        id='z-gxm-env-self-leak',
        source='https://github.com/huterguier/gxm/blob/main/gxm/core.py',
        code="""\
import jax, jax.numpy as jnp
import gxm
from gxm.spaces import Discrete, Box
from gxm.utils.core import rollout

def ts(obs, action, reward, done):
    return gxm.Timestep(next_obs=obs, true_next_obs=obs, action=action, reward=reward, terminated=done, truncated=jnp.bool_(False), info={})

class Walk(gxm.AutoResetEnvironment):
    id, action_space, observation_space = "Walk-v0", Discrete(2), Box(-9.0, 9.0, (1,))
    def _reset(self, key):
        return {"pos": jnp.zeros(())}, ts(jnp.zeros(1), jnp.int32(0), jnp.float32(0), jnp.bool_(False))
    def _step(self, key, state, action):
        pos = state["pos"] + jnp.where(action == 1, 1.0, -1.0)
        self.last_pos = pos
        return {"pos": pos}, ts(pos[None], action, jnp.float32(pos >= 5.0), pos >= 5.0)

env = Walk()
policy = lambda key, pi_state, obs: (env.action_space.sample(key), pi_state)
traj = rollout(jax.random.PRNGKey(0), env, policy, None, 100)
print("final position:", env.last_pos + 0.0)
""",
        kind='leaked-tracer', argument='state', path="state['pos']", line=15,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The environment stores the traced position on self inside _step, which rollout traces in lax.scan; reading env.last_pos afterwards raises UnexpectedTracerError. Returning the value through the timestep/trajectory (here traj.obs) instead of stashing it on the env fixes it; checked.',
        use_line=21,
    ),
    Case(
        id='z-gxm-policy-numpy-softmax',
        source='https://github.com/huterguier/gxm/blob/main/gxm/utils/core.py',
        code="""\
import jax, jax.numpy as jnp
import gxm
from gxm.spaces import Discrete, Box
from gxm.utils.core import rollout

def ts(obs, action, reward, done):
    return gxm.Timestep(next_obs=obs, true_next_obs=obs, action=action, reward=reward, terminated=done, truncated=jnp.bool_(False), info={})

class Walk(gxm.AutoResetEnvironment):
    id, action_space, observation_space = "Walk-v0", Discrete(2), Box(-9.0, 9.0, (1,))
    def _reset(self, key):
        return {"pos": jnp.zeros(())}, ts(jnp.zeros(1), jnp.int32(0), jnp.float32(0), jnp.bool_(False))
    def _step(self, key, state, action):
        pos = state["pos"] + jnp.where(action == 1, 1.0, -1.0)
        return {"pos": pos}, ts(pos[None], action, jnp.float32(pos >= 5.0), pos >= 5.0)

import numpy as np
env = Walk()
W = jnp.array([[1.0, -1.0]])
def policy(key, pi_state, obs):
    logits = obs @ W
    probs = np.exp(logits) / np.exp(logits).sum()
    return jax.random.choice(key, 2, p=probs), pi_state

traj = rollout(jax.random.PRNGKey(0), env, policy, None, 100)
""",
        kind='array-conversion', argument='obs', path='obs', line=22,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The policy passed to rollout is traced inside lax.scan; np.exp on the traced logits calls __array__ and JAX raises TracerArrayConversionError. Using jnp.exp fixes it; checked.',
    ),
    Case(
        id='z-gxm-discrete-assert-vmap',
        source='https://github.com/huterguier/gxm/blob/main/gxm/spaces/discrete.py',
        code="""\
import jax, jax.numpy as jnp
import gxm
from gxm.spaces import Discrete, Box
from gxm.utils.core import rollout

class Bandit(gxm.AutoResetEnvironment):
    id, observation_space = "Bandit-v0", Box(0.0, 1.0, (1,))
    def __init__(self, n_arms):
        self.action_space = Discrete(n_arms)
    def _reset(self, key):
        return jnp.zeros(()), gxm.Timestep(next_obs=jnp.zeros(1), true_next_obs=jnp.zeros(1), action=jnp.int32(0), reward=jnp.float32(0), terminated=jnp.bool_(False), truncated=jnp.bool_(False), info={})
    def _step(self, key, state, action):
        reward = jax.random.bernoulli(key, 1.0 / (action + 1.0)).astype(jnp.float32)
        return state, gxm.Timestep(next_obs=jnp.zeros(1), true_next_obs=jnp.zeros(1), action=action, reward=reward, terminated=jnp.bool_(True), truncated=jnp.bool_(False), info={})

def mean_reward(n_arms):
    env = Bandit(n_arms)
    policy = lambda key, pi_state, obs: (env.action_space.sample(key), pi_state)
    return rollout(jax.random.PRNGKey(0), env, policy, None, 50).reward.mean()

rewards = jax.vmap(mean_reward)(jnp.array([2, 4, 8]))
""",
        kind='bool-conversion', argument='n_arms', path='n_arms', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Vmapping over environment configurations makes n_arms a tracer; gxm.spaces.Discrete.__init__ runs `assert n >= 0`, so the library itself raises TracerBoolConversionError (line = the user's call into Discrete). The action-space size is configuration: keep it a Python int (loop over configs instead of vmap); checked.",
    ),
    Case(
        id='z-gxm-evaluate-float-print',
        source='https://github.com/huterguier/gxm/blob/main/gxm/utils/core.py',
        code="""\
import jax, jax.numpy as jnp
import gxm
from gxm.spaces import Discrete, Box
from gxm.utils.core import rollout, evaluate

def ts(obs, action, reward, done):
    return gxm.Timestep(next_obs=obs, true_next_obs=obs, action=action, reward=reward, terminated=done, truncated=jnp.bool_(False), info={})

class Walk(gxm.AutoResetEnvironment):
    id, action_space, observation_space = "Walk-v0", Discrete(2), Box(-9.0, 9.0, (1,))
    def _reset(self, key):
        return {"pos": jnp.zeros(())}, ts(jnp.zeros(1), jnp.int32(0), jnp.float32(0), jnp.bool_(False))
    def _step(self, key, state, action):
        pos = state["pos"] + jnp.where(action == 1, 1.0, -1.0)
        return {"pos": pos}, ts(pos[None], action, jnp.float32(pos >= 5.0), pos >= 5.0)

env = Walk()
@jax.jit
def eval_step(bias, key):
    policy = lambda k, s, obs: (jax.random.bernoulli(k, jax.nn.sigmoid(bias)).astype(jnp.int32), s)
    ret = evaluate(key, env, policy, None, 200)
    print(f"mean return: {float(ret):.3f}")
    return ret

eval_step(jnp.float32(0.5), jax.random.PRNGKey(0))
""",
        kind='concretization', argument='bias', path='bias', line=22,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Logging the mean return from gxm.utils.core.evaluate with float() inside a jitted step needs a concrete value; JAX raises ConcretizationTypeError (its astype hint does not fit a print). jax.debug.print logs the runtime value; checked.',
    ),
    Case(
        id='z-gxm-dataclass-env-static',
        source='https://github.com/huterguier/gxm/blob/main/gxm/utils/core.py',
        code="""\
import jax, jax.numpy as jnp
from dataclasses import dataclass
import gxm
from gxm.spaces import Discrete, Box
from gxm.utils.core import rollout

@dataclass
class Walk(gxm.AutoResetEnvironment):
    goal: float = 5.0
    id, action_space, observation_space = "Walk-v0", Discrete(2), Box(-9.0, 9.0, (1,))
    def _reset(self, key):
        return jnp.zeros(()), gxm.Timestep(next_obs=jnp.zeros(1), true_next_obs=jnp.zeros(1), action=jnp.int32(0), reward=jnp.float32(0), terminated=jnp.bool_(False), truncated=jnp.bool_(False), info={})
    def _step(self, key, pos, action):
        pos = pos + jnp.where(action == 1, 1.0, -1.0)
        done = pos >= self.goal
        return pos, gxm.Timestep(next_obs=pos[None], true_next_obs=pos[None], action=action, reward=done.astype(jnp.float32), terminated=done, truncated=jnp.bool_(False), info={})

env = Walk(goal=3.0)
policy = lambda key, pi_state, obs: (env.action_space.sample(key), pi_state)
fast_rollout = jax.jit(rollout, static_argnames=("env", "pi", "n_steps"))
traj = fast_rollout(jax.random.PRNGKey(0), env=env, pi=policy, pi_state=None, n_steps=100)
""",
        kind='unhashable-static', argument='env', path='env', line=21,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="The environment is written as a plain @dataclass (eq=True sets __hash__ to None), then passed as a static argument of a jitted gxm rollout; JAX raises ValueError 'Non-hashable static arguments are not supported'. Making the config object hashable (frozen=True or eq=False) fixes it; checked.",
    ),
    Case(
        id='z-jaxfmm-hierarchy-dict-jit-arg',
        source='https://jaxfmm.gitlab.io/jaxfmm',
        code="""\
import jax, jax.numpy as jnp
import jaxfmm

pts = jax.random.uniform(jax.random.PRNGKey(0), (1000, 3))
q0 = jax.random.normal(jax.random.PRNGKey(1), (1000,))
h = jaxfmm.gen_hierarchy(pts, N_max=64, p=3)

@jax.jit
def energy(q, h):
    return 0.5 * q @ jaxfmm.eval_potential(q, **h)

energy(q0, h)
""",
        kind='traced-shape', argument='h', path="h['lvl_info']", line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The hierarchy dict from gen_hierarchy holds Python tuples of ints (lvl_info, src_ofs, trg_ofs) that eval_potential takes as static arguments; passing the dict through jax.jit turns them into tracers and JAX raises ValueError 'Non-hashable static arguments are not supported' (hashing lvl_info). Keep the hierarchy out of the traced arguments (close over it, or use jaxfmm.compile_point_evaluator, which splits static from array members); checked.",
    ),
    Case(
        id='z-jaxfmm-direct-field-flag',
        source='https://jaxfmm.gitlab.io/jaxfmm',
        code="""\
import jax, jax.numpy as jnp
from jaxfmm import eval_potential_direct
pts = jax.random.uniform(jax.random.PRNGKey(0), (500, 3))
q = jax.random.normal(jax.random.PRNGKey(1), (500,))
direct = jax.jit(eval_potential_direct)
E = direct(pts, q, field=True)
""",
        kind='unhashable-static', argument='field', path='field', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Re-jitting jaxfmm's direct-sum reference turns the Python flag field=True into a traced bool, which then reaches the inner jit where field is a static argument; JAX raises ValueError 'Non-hashable static arguments are not supported' for the tracer. Marking field static in the outer jit (or calling the already-jitted function directly) fixes it; checked.",
    ),
    Case(
        id='z-jaxfmm-direct-probe-count',
        source='https://jaxfmm.gitlab.io/jaxfmm',
        code="""\
import jax, jax.numpy as jnp
import jaxfmm

pts = jax.random.uniform(jax.random.PRNGKey(0), (1000, 3))
q0 = jax.random.normal(jax.random.PRNGKey(1), (1000,))
fmm = jaxfmm.compile_point_evaluator(jaxfmm.gen_hierarchy(pts, N_max=64, p=3))

@jax.jit
def fmm_error(q, n_check):
    ref = jaxfmm.eval_potential_direct(pts, q, eval_pts=pts[:n_check])
    return jnp.max(jnp.abs(fmm(q)[:n_check] - ref))

fmm_error(q0, 100)
""",
        kind='traced-shape', argument='n_check', path='n_check', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='To keep the O(N^2) direct-sum reference cheap, the FMM is checked on the first n_check points, but n_check is a jit argument, so the slice pts[:n_check] gets a traced bound and JAX raises an IndexError for non-static slice indices. Making n_check static fixes it; checked.',
    ),
    Case(
        id='z-jaxfmm-tree-built-in-jit',
        source='https://pypi.org/project/jaxFMM/0.1.1/',
        code="""\
import jax, jax.numpy as jnp
import jaxfmm

pts = jax.random.uniform(jax.random.PRNGKey(0), (1000, 3))
q0 = jax.random.normal(jax.random.PRNGKey(1), (1000,))

@jax.jit
def energy(pts, q):
    h = jaxfmm.gen_hierarchy(pts, N_max=64, p=3)
    return 0.5 * q @ jaxfmm.eval_potential(q, **h)

energy(pts, q0)
""",
        kind='bool-conversion', argument='pts', path='pts', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Tree and interaction-list generation runs data-dependent Python control flow on the positions, so calling gen_hierarchy on traced positions inside jax.jit makes the library raise TracerBoolConversionError. Build the hierarchy outside the trace from concrete positions and jit only the evaluation over charges; checked.',
    ),
    Case(
        id='z-jaxfmm-jit-method-self',
        source='https://jaxfmm.gitlab.io/jaxfmm',
        code="""\
import jax, jax.numpy as jnp
import jaxfmm

pts = jax.random.uniform(jax.random.PRNGKey(0), (1000, 3))
q0 = jax.random.normal(jax.random.PRNGKey(1), (1000,))

class Solver:
    def __init__(self, pts):
        self.h = jaxfmm.gen_hierarchy(pts, N_max=64, p=3)

    @jax.jit
    def potential(self, q):
        return jaxfmm.eval_potential(q, **self.h)

solver = Solver(pts)
solver.potential(q0)
""",
        kind='non-array-argument', argument='self', path='self', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A solver class decorates its method with @jax.jit, so the Solver instance holding the jaxfmm hierarchy is passed as a traced argument; JAX raises TypeError ('Error interpreting argument ... path self'). Marking self static (static_argnums=0), as the message suggests, fixes it; checked.",
    ),
    Case(
        id='z-jaxfmm-kifmm-setup-jit-arg',
        source='https://pypi.org/project/jaxFMM/',
        code="""\
import jax, jax.numpy as jnp
import jaxfmm

pts = jax.random.uniform(jax.random.PRNGKey(0), (1000, 3))
q0 = jax.random.normal(jax.random.PRNGKey(1), (1000,))
from jaxfmm import kifmm
s = kifmm.setup(pts, p=3)

@jax.jit
def pot(q, s):
    return kifmm.evaluate_setup(s, q)

pot(q0, s)
""",
        kind='non-array-argument', argument='s', path="s['ops']['kernel'].name", line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The KIFMM setup dict carries non-array members (the kernel object's name string, Python ints); passing it as a jit argument makes JAX raise TypeError at path s['ops']['kernel'].name. The dict is unhashable, so the message's static_argnums hint does not work; keep it out of the traced arguments (close over it or use kifmm.compile_evaluator); checked.",
    ),
    Case(
        id='z-jaxfmm-solver-self-leak',
        source='https://jaxfmm.gitlab.io/jaxfmm',
        code="""\
import jax, jax.numpy as jnp
import jaxfmm

pts = jax.random.uniform(jax.random.PRNGKey(0), (1000, 3))
q0 = jax.random.normal(jax.random.PRNGKey(1), (1000,))

class FieldSolver:
    def __init__(self, pts):
        self.h = jaxfmm.gen_hierarchy(pts, N_max=64, p=3)
    def energy(self, q):
        self.pot = jaxfmm.eval_potential(q, **self.h)
        return 0.5 * jnp.dot(q, self.pot)

solver = FieldSolver(pts)
grad_q = jax.grad(solver.energy)(q0)
print(jnp.max(solver.pot))
""",
        kind='leaked-tracer', argument='q', path='q', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The energy method caches the FMM potential on self while jax.grad traces it; reading solver.pot afterwards raises UnexpectedTracerError. Return the potential as auxiliary output (grad(..., has_aux=True)); checked.',
        use_line=16,
    ),
    Case(
        id='z-jaxfmm-positive-charge-mask',
        source='https://pypi.org/project/jaxFMM/',
        code="""\
import jax, jax.numpy as jnp
import jaxfmm

pts = jax.random.uniform(jax.random.PRNGKey(0), (1000, 3))
q0 = jax.random.normal(jax.random.PRNGKey(1), (1000,))
fmm = jaxfmm.compile_point_evaluator(jaxfmm.gen_hierarchy(pts, N_max=64, p=3))

@jax.checkpoint
def positive_energy(q):
    pot = fmm(q)
    pos = q > 0
    return 0.5 * jnp.sum(q[pos] * pot[pos])

g = jax.grad(positive_energy)(q0)
""",
        kind='boolean-index', argument='q', path='q', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Under jax.checkpoint the charges are abstract, so masking the FMM potential with the data-dependent mask q > 0 raises NonConcreteBooleanIndexError. A jnp.where mask gives the same sum with a static shape; checked.',
    ),
    Case(
        id='z-jaxfmm-numpy-norm-loss',
        source='https://jaxfmm.gitlab.io/jaxfmm',
        code="""\
import jax, jax.numpy as jnp
import numpy as np
import jaxfmm

pts = jax.random.uniform(jax.random.PRNGKey(0), (1000, 3))
h = jaxfmm.gen_hierarchy(pts, N_max=64, p=3)
target = jnp.sin(4 * pts[:, 0])

def misfit(q):
    pot = jaxfmm.eval_potential(q, **h)
    return np.linalg.norm(pot - target) ** 2

loss, g = jax.value_and_grad(misfit)(jnp.zeros(1000))
""",
        kind='array-conversion', argument='q', path='q', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='An inverse problem fits charges so the FMM potential matches a target; np.linalg.norm on the traced potential under jax.value_and_grad calls __array__ and JAX raises TracerArrayConversionError. jnp.linalg.norm fixes it; checked.',
    ),
    Case(
        id='z-spotter-jit-normalize-flag',
        source='https://github.com/lgrcia/spotter/blob/main/spotter/light_curves.py',
        code="""\
import jax, jax.numpy as jnp
from spotter import Star
from spotter.light_curves import light_curve

star = Star.from_sides(16, u=jnp.array([0.4, 0.2]), inc=1.2, period=1.0)
star = star.set(y=1 - 0.5 * star.spot(0.3, 0.0, 0.3))
time = jnp.linspace(0, 2, 100)
fast_lc = jax.jit(light_curve)
flux = fast_lc(star, time, normalize=False)
""",
        kind='bool-conversion', argument='normalize', path='normalize', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Jitting spotter's light_curve traces its normalize flag, and the library's own `... if normalize else 1.0` raises TracerBoolConversionError. normalize is an option: mark it static (static_argnames='normalize'); checked.",
    ),
    Case(
        id='z-spotter-visible-pixel-mask',
        source='https://github.com/lgrcia/spotter/blob/main/spotter/core.py',
        code="""\
import jax
import jax.numpy as jnp
from spotter import Star, core

star = Star.from_sides(16, u=jnp.array([0.4, 0.2]), inc=1.2)
y = 1 - 0.5 * star.spot(0.3, 0.0, 0.3)

def visible_flux(phase):
    mask, area, limb = core.mask_projected_limb(star.sides, phase, star.inc, star.u[0])
    return jnp.sum((y * area * limb)[mask])

phases = jnp.linspace(0, 2 * jnp.pi, 50)
fluxes = jax.vmap(visible_flux)(phases)
""",
        kind='boolean-index', argument='phase', path='phase', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The visibility mask returned by spotter.core.mask_projected_limb depends on the vmapped rotation phase, so selecting pixels with it raises NonConcreteBooleanIndexError. Summing with jnp.where(mask, ..., 0) keeps a static shape and the same value; checked.',
    ),
    Case(
        id='z-spotter-transit-chord-nonzero',
        source='https://github.com/lgrcia/spotter/blob/main/spotter/core.py',
        code="""\
import jax
import jax.numpy as jnp
from spotter import core

nside = 16

@jax.jit
def occulted_pixels(x, r):
    chord = core.transit_chord(nside, x, r, inc=1.4)
    return jnp.nonzero(chord)[0]

occulted_pixels(0.2, 0.1)
""",
        kind='boolean-index', argument='x', path='x', line=10,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note='The transit-chord mask from spotter.core.transit_chord depends on the traced planet position, and jnp.nonzero without size= has a data-dependent output shape; JAX raises ConcretizationTypeError saying size must be static. Giving nonzero a static size (and fill_value) fixes it; checked.',
    ),
    Case(
        id='z-spotter-traced-spot-count',
        source='https://github.com/lgrcia/spotter/blob/main/spotter/distributions.py',
        code="""\
import jax
import jax.numpy as jnp
from spotter import Star
from spotter.distributions import buterfly_pdf

star = Star.from_sides(16)
lats = jnp.linspace(-jnp.pi / 2, jnp.pi / 2, 1000)

@jax.jit
def spotted_map(key, n_spots):
    k1, k2 = jax.random.split(key)
    lon = jax.random.uniform(k2, (n_spots,), minval=0, maxval=2 * jnp.pi)
    lat = jax.random.choice(k1, lats, p=buterfly_pdf(lats, 0.4, 0.1), shape=(n_spots,))
    spots = jax.vmap(star.spot, in_axes=(0, 0, None))(lat, lon, 0.05)
    return 1 - 0.5 * spots.sum(0)

spotted_map(jax.random.PRNGKey(0), 30)
""",
        kind='traced-shape', argument='n_spots', path='n_spots', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Following spotter's butterfly-distribution example inside a jitted function, the number of spots is a jit argument and becomes the shape of the sampled longitudes; JAX raises TypeError 'Shapes must be 1D sequences of concrete values', suggesting static_argnums. Marking n_spots static fixes it; checked.",
    ),
    Case(
        id='z-spotter-band-list-index',
        source='https://github.com/lgrcia/spotter/blob/main/spotter/star.py',
        code="""\
import jax, jax.numpy as jnp
from spotter import Star
from spotter.light_curves import light_curve

LIMB_U = [jnp.array([0.6, 0.1]), jnp.array([0.4, 0.2]), jnp.array([0.2, 0.3])]
base = Star.from_sides(16, inc=1.2, period=1.0)
time = jnp.linspace(0, 1, 60)

def band_curve(band):
    star = base.set(u=LIMB_U[band])
    return light_curve(star, time)[0]

curves = jax.vmap(band_curve)(jnp.arange(3))
""",
        kind='integer-conversion', argument='band', path='band', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Per-band limb-darkening coefficients kept in a Python list are looked up with the vmapped band index before building the Star; list indexing calls __index__ and JAX raises TracerIntegerConversionError. Stacking them in a jnp array lets the traced index gather; checked.',
    ),
    Case(
        id='z-spotter-cached-star-leak',
        source='https://github.com/lgrcia/spotter/blob/main/spotter/star.py',
        code="""\
import jax, jax.numpy as jnp
from spotter import Star
from spotter.light_curves import light_curve

base = Star.from_sides(16, u=jnp.array([0.4, 0.2]), inc=1.2, period=1.0)
time = jnp.linspace(0, 2, 100)
best = {}

@jax.jit
def model(contrast):
    star = base.set(y=1 - contrast * base.spot(0.3, 0.0, 0.3))
    best["star"] = star
    return light_curve(star, time)[0]

flux = model(0.4)
light_curve(best["star"], time + 2.0)
""",
        kind='leaked-tracer', argument='contrast', path='contrast', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The jitted model caches the spotter Star (an equinox module whose map y is traced) in a dict; using the cached star later raises UnexpectedTracerError. Return the star from the jitted function instead; checked.',
        use_line=16,
    ),
    Case(
        id='z-spotter-show-in-loss',
        source='https://github.com/lgrcia/spotter/blob/main/spotter/star.py',
        code="""\
import jax, jax.numpy as jnp
from spotter import Star, show
from spotter.light_curves import light_curve

base = Star.from_sides(16, u=jnp.array([0.4, 0.2]), inc=1.2, period=1.0)
time = jnp.linspace(0, 2, 100)
data = light_curve(base.set(y=1 - 0.3 * base.spot(0.2, 0.5, 0.3)), time)[0]

@jax.jit
def loss(contrast):
    star = base.set(y=1 - contrast * base.spot(0.2, 0.5, 0.3))
    show(star)
    return jnp.sum((light_curve(star, time)[0] - data) ** 2)

loss(0.5)
""",
        kind='array-conversion', argument='contrast', path='contrast', line=12,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='Calling spotter.show on a Star built inside a jitted loss hands the traced map to healpy/NumPy plotting code, which raises TracerArrayConversionError inside the library. Plot through jax.debug.callback (or return the star and plot outside); checked.',
    ),
    Case(
        id='z-spotter-star-static-arg',
        source='https://github.com/lgrcia/spotter/blob/main/spotter/star.py',
        code="""\
import jax
import jax.numpy as jnp
from functools import partial
from spotter import Star
from spotter.light_curves import light_curve

star = Star.from_sides(16, u=jnp.array([0.4, 0.2]), inc=1.2, period=1.0)

@partial(jax.jit, static_argnames="star")
def flux(star, time):
    return light_curve(star, time)[0]

flux(star, jnp.linspace(0, 2, 100))
""",
        kind='unhashable-static', argument='star', path='star', line=13,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="The Star is treated as configuration and marked static, but it is an equinox module holding arrays (y, u), so hashing it fails and JAX raises ValueError 'Non-hashable static arguments are not supported'. Star is a pytree (sides is already a static field), so pass it traced; checked.",
    ),
    Case(
        id='z-spotter-float-inclination',
        source='https://github.com/lgrcia/spotter/blob/main/spotter/star.py',
        code="""\
import jax, jax.numpy as jnp
from spotter import Star
from spotter.light_curves import light_curve

base = Star.from_sides(16, u=jnp.array([0.4, 0.2]), period=1.0)
y = 1 - 0.4 * base.spot(0.3, 0.0, 0.3)
time = jnp.linspace(0, 2, 100)
data = light_curve(base.set(y=y, inc=1.1), time)[0]

def loss(inc):
    star = base.set(y=y, inc=float(inc))
    return jnp.sum((light_curve(star, time)[0] - data) ** 2)

jax.grad(loss)(1.3)
""",
        kind='concretization', argument='inc', path='inc', line=11,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note="Star's inc field is annotated float, so the user coerces the fitted inclination with float() inside a loss differentiated by jax.grad; JAX raises ConcretizationTypeError and suggests jnp.array(x, float)/astype, which works since spotter accepts arrays there; checked.",
    ),
]
