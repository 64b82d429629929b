"""Objects JAX cannot trace: a jitted method reached through other code, and the user's class registered for real.

A method under ``@jax.jit`` takes ``self`` as a traced argument; handed to a helper or a library that vmaps it,
it fails there (jax-ml/jax issue 15115: "there are some other places where you appear to indirectly cause jit
compilation of class methods (via vmap and grad)"). The failing jit is the method's, whoever called it: the fix
is ``static_argnums=0`` on that decorator, tried through the same call. Registering the class as a pytree (JAX's
FAQ, "How to use jit with methods?", the pytree strategy) is written for the class's own attributes, arrays as
leaves and the rest as metadata, and tried on a private copy: jaxmagic never registers the user's class.
"""
from __future__ import annotations

import sys

import jax
import jax.numpy as jnp
from corpus_harness import explained_cell

METHOD_UNDER_VMAP = "https://github.com/jax-ml/jax/issues/15115"  # @jit on a method, reached through vmap
JIT_METHODS_FAQ = "https://docs.jax.dev/en/latest/faq.html#how-to-use-jit-with-methods"

HANDED_METHOD = '''\
import jax
import jax.numpy as jnp

class Line:
    def __init__(self, t):
        self.t = t

    @jax.jit
    def evaluate(self, params):
        return jnp.sum(params["a"] * self.t)

def batched(f, p):
    return jax.vmap(f)(p)

line = Line(jnp.ones(3))
batched(line.evaluate, {"a": jnp.arange(4.0)})
'''

HELD_MODEL = '''\
import jax
import jax.numpy as jnp

class Model:
    def __init__(self, w, n, name):
        self.w = w
        self.bias = [jnp.zeros(2)]
        self.n = n
        self.name = name

@jax.jit
def loss(model, x):
    return jnp.sum(model.w * x) + model.bias[0].sum() * model.n

model = Model(jnp.ones(2), 3, "a")
loss(model, jnp.ones(2))
'''

DATACLASS = '''\
import dataclasses
import jax
import jax.numpy as jnp

@dataclasses.dataclass
class Params:
    w: jax.Array
    scale: float

@jax.jit
def loss(p, x):
    return jnp.sum(p.w * x) * p.scale

loss(Params(jnp.ones(2), 2.0), jnp.ones(2))
'''


def test_a_jitted_method_handed_to_a_helper_is_made_static_at_its_own_decorator(tmp_path):
    found = explained_cell("jitted-method-handed", METHOD_UNDER_VMAP, HANDED_METHOD, tmp_path)
    assert (found.kind, found.argument) == ("non-array-argument", "self")
    # ``self`` holds an array (``t``): registered, it is traced (JAX's FAQ calls that strategy the most robust);
    # static, it would be baked in, and a later ``line.t = ...`` never seen by the compiled code
    registered, *rest = found.fixes
    assert (registered.kind, registered.verified) == ("register-pytree", True)
    assert "register_pytree_node(Line, _flatten_line, _unflatten_line)" in registered.code
    static = next(f for f in rest if f.kind == "static")
    assert static.verified is True and "`t`" in static.warning and "old ones" in static.warning
    assert "@partial(jax.jit, static_argnums=0)\ndef evaluate(self, params):" in static.code  # not on ``batched``


def test_a_class_holding_arrays_is_registered_with_its_own_attributes(tmp_path):
    found = explained_cell("class-registered", JIT_METHODS_FAQ, HELD_MODEL, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("model", "register-pytree", True)
    assert "return (obj.w, obj.bias), (obj.n, obj.name)" in top.code and "YourClass" not in top.code
    assert "`w`, `bias`" in top.summary
    # pasted after the class, it runs, and two models of the same sizes share one compile
    namespace: dict = {}
    cell = HELD_MODEL.replace("@jax.jit", top.code + "\n\n@jax.jit")
    exec(cell.replace('loss(model, jnp.ones(2))', 'out = loss(model, jnp.ones(2)) + loss(Model(2 * jnp.ones(2), 3, '
                      '"b"), jnp.ones(2))'), namespace)
    assert float(namespace["out"]) == 6.0 and namespace["loss"]._cache_size() == 2  # "a" and "b": static names


def test_a_dataclass_is_registered_with_its_data_and_meta_fields(tmp_path):
    found = explained_cell("dataclass-registered", JIT_METHODS_FAQ, DATACLASS, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("register-pytree", True)
    assert "register_dataclass(\n    Params, data_fields=['w'], meta_fields=['scale'])" in top.code


def test_trying_a_registration_leaves_the_users_class_unregistered(tmp_path):
    found = explained_cell("class-left-alone", JIT_METHODS_FAQ, HELD_MODEL, tmp_path)
    assert found.fixes[0].verified is True
    model = sys.modules["jaxmagic_corpus_class_left_alone"].model  # the cell's own object, after the try
    assert jax.tree_util.tree_leaves(model) == [model]  # still one leaf: the class itself was not registered
    assert type(model).__name__ == "Model" and jnp.array_equal(model.w, jnp.ones(2))
