#!/usr/bin/env bash
# CI: no `use` (or path) in the runtime crate runs up its layers (generated/src/lib.rs states
# them). Each module of generated/src belongs to a layer below; a reference `crate::m` from a
# file of module n fails if m's layer is above n's. Test modules (`#[cfg(test)]` to the end
# of a file) and comments are not read. Prints every upward reference and exits 1 if any.
set -euo pipefail
cd "$(dirname "$0")/../generated/src"

# Layers, top first: a module may use its own layer's modules and those below.
layers=(
    "web io hooks serde data"
    "sniff mem owned instruction_set"
    "decoder encoder"
    "labels"
    "statics encoding"
    "encodings"
    "run"
    "handler"
    "forms"
    "kernels"
    "tables results"
)
declare -A rank
for i in "${!layers[@]}"; do
    for m in ${layers[$i]}; do rank[$m]=$i; done
done

status=0
for file in $(find . -name '*.rs' ! -name lib.rs | sort); do
    path=${file#./}
    module=${path%%/*}
    module=${module%.rs}
    if [ -z "${rank[$module]+x}" ]; then
        echo "layers: $path: module $module is in no layer (add it to .ci/layers.sh)"
        status=1
        continue
    fi
    # The file up to its test module, without comments; then each `crate::name`.
    refs=$(awk '/^#\[cfg\((all\()?test/ { exit } { sub(/\/\/.*/, ""); print }' "$file" |
        grep -o 'crate::[a-z_0-9]*' | sed 's/^crate:://' | sort -u || true)
    for ref in $refs; do
        [ -z "$ref" ] && continue
        if [ -z "${rank[$ref]+x}" ]; then
            echo "layers: $path uses crate::$ref, which is in no layer (add it to .ci/layers.sh)"
            status=1
        elif [ "${rank[$ref]}" -lt "${rank[$module]}" ]; then
            echo "layers: $path ($module) uses crate::$ref, a layer above it"
            status=1
        fi
    done
done
[ "$status" = 0 ] && echo "layers: no module uses one above it"
exit "$status"
