//! The fuzz targets' shared code: the format table and the workloads of the test suite, the
//! assertions of `tests/shared/fuzz_check.rs`, and an allocator that bounds every single
//! allocation by the input's size.

#![allow(dead_code)]

use fastkit_support::common;
#[path = "../../tests/shared/fuzz_check.rs"]
mod fuzz_check;
#[path = "../../tests/shared/fuzz_structured.rs"]
mod fuzz_structured;
#[path = "../../tests/shared/json_tree.rs"]
mod json_tree;
use fastkit_support::workloads;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

pub use crate::common::formats::Family;

/// The largest single allocation allowed while decoding an input of `len` bytes: the formats'
/// own 1 MiB limit for untrusted input (`UNTRUSTED_LIMIT`), plus 64 bytes per input byte.
fn allocation_bound(len: usize) -> usize {
    (1 << 20) + 64 * len
}

/// The bound in force (0: none, outside a check).
static BOUND: AtomicUsize = AtomicUsize::new(0);

/// `System`, failing loudly on an allocation larger than [`BOUND`].
struct Bounded;

fn check_size(size: usize) {
    let bound = BOUND.load(Ordering::Relaxed);
    // Not while panicking: the message of a finding may be large, and a second panic would
    // abort before it is printed.
    if bound != 0 && size > bound && !std::thread::panicking() {
        BOUND.store(0, Ordering::Relaxed);
        panic!("an allocation of {size} bytes, above the bound of {bound} for this input");
    }
}

unsafe impl GlobalAlloc for Bounded {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        check_size(layout.size());
        // SAFETY: forwarded as received.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        check_size(layout.size());
        // SAFETY: forwarded as received.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        check_size(new_size);
        // SAFETY: forwarded as received.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Bounded = Bounded;

/// Every assertion of `tests/shared/fuzz_check.rs` for `data` on `family`, with each
/// allocation bounded by the input's size.
pub fn check(family: Family, data: &[u8]) {
    BOUND.store(allocation_bound(data.len()), Ordering::Relaxed);
    fuzz_check::check(family, data);
    BOUND.store(0, Ordering::Relaxed);
}

/// The structure-aware target (`tests/shared/fuzz_structured.rs`): `data` are the choices that
/// make an input, checked as [`check`] checks one. Allocations are bounded as there, by the
/// size of the choices (an input is never much larger than they are).
pub fn check_structured(data: &[u8]) {
    BOUND.store(allocation_bound(data.len()), Ordering::Relaxed);
    fuzz_structured::check_structured(data);
    BOUND.store(0, Ordering::Relaxed);
}

/// The shape generator's target: the first two bytes pick one of the generated families
/// (`tests/shapes/`), the rest is read by both of its derives
/// (`fastkit_support::shapes::compare_input`); a difference no intended rule allows panics.
pub fn check_shapes(data: &[u8]) {
    use fastkit_shape_tests::{visit_family, FAMILIES};
    use fastkit_support::shapes::{compare_input, FamilyVisitor, ShapeFamily, Verdict};

    struct Compare<'a> {
        input: &'a [u8],
        verdict: Verdict,
    }

    impl FamilyVisitor for Compare<'_> {
        fn visit<F: ShapeFamily>(&mut self) {
            self.verdict = compare_input::<F>(self.input);
        }
    }

    let Some((pick, input)) = data.split_first_chunk::<2>() else {
        return;
    };
    let family = usize::from(u16::from_le_bytes(*pick)) % FAMILIES;
    BOUND.store(allocation_bound(input.len()), Ordering::Relaxed);
    let mut compare = Compare {
        input,
        verdict: Verdict::Same,
    };
    visit_family(family, &mut compare);
    BOUND.store(0, Ordering::Relaxed);
    if let Verdict::Finding(finding) = compare.verdict {
        panic!("family {family}: {finding}");
    }
}
