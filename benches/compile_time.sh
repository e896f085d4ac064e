#!/usr/bin/env bash
# Compile time and code size of 40 enums and 40 structs with flattened fields derived with
# FastFlatten against the same types derived with serde's `Serialize, Deserialize` (the
# objection serde's author raised against tag-first reading in serde itself: serde issue 1407).
#
# Generates two crates under target/compile-time/ (10 enums of each representation, five
# variants each: unit, newtype wrapping a struct, two struct variants, a tuple variant where
# the representation allows one; 40 structs, each flattening a struct of its own and a shared
# one; each type used once through serde_json, so that both derives are compiled to machine
# code), then rebuilds only those crates, alternating, three times per
# profile, and prints the median CPU time (user + sys: steadier than wall time on a shared
# machine) and the size of the compiled rlib. Build times on a shared machine move by 20% from
# one run to the next: ROUNDS=7 takes the median of seven, and when `cargo llvm-lines` is
# installed (`cargo install cargo-llvm-lines`) the script also prints the lines of LLVM IR and
# the number of functions each crate generates in the dev profile, which do not move.
#
# CPU time moves from run to run; instructions do not. With INSTRUCTIONS=1 the script also
# counts, with callgrind, the instructions rustc takes to build each generated crate once per
# profile (about 50 times slower than a build: some minutes in debug, more in release).
#
# Usage: [ROUNDS=N] [INSTRUCTIONS=1] bash benches/compile_time.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/target/compile-time

generate() { # $1: serde | fast
    local derive use
    if [ "$1" = fast ]; then
        use='use serde_fastkit::FastFlatten as Derive;'
        derive='Derive'
    else
        use='use serde::{Deserialize, Serialize};'
        derive='Serialize, Deserialize'
    fi
    mkdir -p "$out/$1/src"
    cat >"$out/$1/Cargo.toml" <<EOF
[package]
name = "ct_$1"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
serde_fastkit = { path = "$root" }
serde = { version = "1", features = ["derive"] }
serde_json = "1"

[workspace]
EOF
    {
        echo "$use"
        echo "#[derive($derive, Debug, PartialEq, Clone)] pub struct Inner { pub a: u32, pub b: String }"
        local reps=('' '#[serde(tag = "type")]' '#[serde(tag = "t", content = "c")]' '#[serde(untagged)]')
        for i in $(seq 0 39); do
            local rep=${reps[$((i % 4))]} tuple="V4(u8, String),"
            # An internally tagged enum cannot hold a tuple variant.
            [ "$rep" = '#[serde(tag = "type")]' ] && tuple=""
            cat <<EOF
#[derive($derive, Debug, PartialEq, Clone)]
$rep
#[serde(rename_all = "snake_case")]
pub enum E$i {
    Unit$i,
    Wrapped$i(Inner),
    First$i { id: u64, name: String, #[serde(default)] tags: Vec<String> },
    Second$i { id: u64, amount: i64, note: Option<String> },
    $tuple
}
pub fn use$i(v: &E$i) -> E$i { serde_json::from_str(&serde_json::to_string(v).unwrap()).unwrap() }
EOF
        done
        echo "#[derive($derive, Debug, PartialEq, Clone)] pub struct Audit { pub by: String, pub at: u64 }"
        for i in $(seq 0 39); do
            cat <<EOF
#[derive($derive, Debug, PartialEq, Clone)]
pub struct Meta$i { pub id: u64, pub name: String, #[serde(default)] pub tags: Vec<String> }
#[derive($derive, Debug, PartialEq, Clone)]
pub struct Page$i {
    pub page: u32,
    #[serde(flatten)] pub meta: Meta$i,
    #[serde(flatten)] pub audit: Audit,
    pub note: Option<String>,
}
pub fn use_page$i(v: &Page$i) -> Page$i { serde_json::from_str(&serde_json::to_string(v).unwrap()).unwrap() }
EOF
        done
    } >"$out/$1/src/lib.rs"
}

cpu_seconds() { # $1: crate, $2: profile
    touch "$out/$1/src/lib.rs"
    (cd "$out/$1" && CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$out/target-$1" \
        /usr/bin/time -f '%U %S' -o "$out/time" cargo build -q --profile "$2")
    awk '{print $1 + $2}' "$out/time"
}

rounds=${ROUNDS:-3}
median() { sort -n | sed -n "$(((rounds + 1) / 2))p"; }

for c in serde fast; do
    generate $c
    # Dependencies first, so that only the generated crate is timed.
    for profile in dev release; do
        (cd "$out/$c" && CARGO_TARGET_DIR="$out/target-$c" cargo build -q --profile $profile)
    done
done

for profile in dev release; do
    serde_times=() fast_times=()
    for _ in $(seq "$rounds"); do
        serde_times+=("$(cpu_seconds serde $profile)")
        fast_times+=("$(cpu_seconds fast $profile)")
    done
    s=$(printf '%s\n' "${serde_times[@]}" | median)
    f=$(printf '%s\n' "${fast_times[@]}" | median)
    echo "$profile: serde ${s}s, FastFlatten ${f}s, FastFlatten / serde $(echo "scale=2; $f / $s" | bc)"
done
dir() { [ "$1" = release ] && echo release || echo debug; }
for profile in dev release; do
    s=$(stat -c %s "$out/target-serde/$(dir $profile)/libct_serde.rlib")
    f=$(stat -c %s "$out/target-fast/$(dir $profile)/libct_fast.rlib")
    echo "rlib ($profile): serde $s bytes, FastFlatten $f bytes, FastFlatten / serde $(echo "scale=2; $f / $s" | bc)"
done
llvm_lines() { # $1: crate; prints "lines functions"
    touch "$out/$1/src/lib.rs"
    (cd "$out/$1" && CARGO_TARGET_DIR="$out/target-$1-lines" cargo llvm-lines -q --lib) |
        awk '/\(TOTAL\)/ {print $1, $2; exit}'
}
if cargo llvm-lines --version >/dev/null 2>&1; then
    read -r s_lines s_fns < <(llvm_lines serde)
    read -r f_lines f_fns < <(llvm_lines fast)
    echo "LLVM IR (dev): serde $s_lines lines in $s_fns functions," \
        "FastFlatten $f_lines lines in $f_fns functions," \
        "FastFlatten / serde $(echo "scale=2; $f_lines / $s_lines" | bc) (lines)"
fi
rustc_instructions() { # $1: crate, $2: profile; rustc's instructions for the crate alone
    local command
    touch "$out/$1/src/lib.rs"
    # The command cargo runs for the crate, run again under callgrind into a scratch directory.
    command=$(cd "$out/$1" && CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$out/target-$1" \
        cargo build -v --profile "$2" 2>&1 | grep -o "Running \`.*--crate-name ct_$1 .*\`" |
        sed 's/^Running `//; s/`$//')
    mkdir -p "$out/callgrind-$1"
    command=$(echo "$command" | sed "s#--out-dir [^ ]*#--out-dir $out/callgrind-$1#")
    (cd "$out/$1" && eval valgrind --tool=callgrind --callgrind-out-file=/dev/null "$command" 2>&1) |
        awk '/Collected/ {print $NF}'
}
if [ "${INSTRUCTIONS:-0}" = 1 ]; then
    for profile in dev release; do
        s=$(rustc_instructions serde $profile)
        f=$(rustc_instructions fast $profile)
        echo "rustc instructions ($profile): serde $s, FastFlatten $f," \
            "FastFlatten / serde $(echo "scale=3; $f / $s" | bc)"
    done
fi
