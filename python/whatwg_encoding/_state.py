"""Pickling and copying the package's Python objects that wrap a native decoder or encoder:
their attributes, with the native object as the plain values that make it again."""

from __future__ import annotations

from typing import Any, ClassVar


class WrapsNative:
    """An object whose state is its attributes, one of which (``_native_attribute``) holds a
    native decoder or encoder of type ``_native_type``. It pickles and copies with that native
    object's state, mid-stream too, as plain values (bytes, ints, strings), so that a pickle
    names none of the package's private modules."""

    _native_attribute: ClassVar[str]
    _native_type: ClassVar[type]

    def __getstate__(self) -> dict[str, Any]:
        native = getattr(self, self._native_attribute)
        return {**vars(self), self._native_attribute: (native.__getnewargs__(), native.__getstate__())}

    def __setstate__(self, state: dict[str, Any]) -> None:
        arguments, native_state = state[self._native_attribute]
        native = self._native_type(*arguments)
        native.__setstate__(native_state)
        vars(self).update(state)
        setattr(self, self._native_attribute, native)
