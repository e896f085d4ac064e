//! Renders the shape families into `$OUT_DIR/families.rs`: `FASTKIT_SHAPES` of them (256 by
//! default) drawn from `FASTKIT_SHAPES_SEED`, then every family of `REGRESSIONS`.

use std::env;
use std::path::Path;

/// The seed of the set CI runs.
const SEED: u64 = 0x5eed_0f5b_a9e5;

/// Families (by their own seed) that found a difference once, generated in every run.
const REGRESSIONS: &[u64] = &[
    // The first long run (`FASTKIT_SHAPES=500 FASTKIT_SHAPES_SEED=1`): families 36, 96, 121,
    // 127, 128, 148, 168, 300, 312, 333, 435 and 492.
    0x8b2e_0244_5e4b_e0f5,
    0xdb20_290a_c13e_4a81,
    0xc27e_5706_2695_a14e,
    0x9b04_1196_862f_792c,
    0x3d28_5f42_26bf_d385,
    0xd4d2_fac5_e33b_4804,
    0x6316_6965_1fa4_1445,
    0xb81d_243a_c54a_66a8,
    0x1490_e6b7_11d4_a93f,
    0xf5a1_a0a8_583a_340b,
    0x6422_5b3e_83fd_9fc8,
    0xced1_0db1_78f1_46cd,
    // The second (seed 4): families 3, 319, 425, 457 and 465.
    0x00da_5869_f155_eb1d,
    0x9f74_c426_a31e_5dd3,
    0x9a0f_381d_484c_444f,
    0x39b0_5441_d78d_e033,
    0x04e5_b05a_f0ce_8c51,
    // Family 330 of seed 4: a struct variant's content as a YAML sequence.
    0xba0f_ab63_28e4_a2af,
    // Family 73 of seed 4: a catch-all in a flattened internally tagged enum's variant.
    0x2ff1_cc88_e06f_0f80,
    // Seed 2: family 38, an integer tag at the head of a held sequence (in an untagged
    // enum's variant).
    0xc9a1_7616_5d2f_fff8,
    // Seed 3: family 203, a `flatten, default` field inside a flattened `Option`'s type
    // (a named rule); family 253, an integer tag at the head of a held sequence.
    0xb74f_105a_ef3e_41ef,
    0x7804_cbe7_41cf_bac5,
    // Seed 5: family 311, a struct whose only flattened member is buffered, before a
    // catch-all (fixed). Seed 7: families 161, 231 and 398 (named rules).
    0x747d_023b_9d5f_1b5c,
    0xd47e_9d37_65f5_68ec,
    0x0d76_1b2a_513f_71aa,
    0xa77b_832d_05ff_e065,
    // Seed 8: family 96, an internally tagged enum read from a YAML sequence; family 373, an
    // adjacently tagged struct variant's content as a sequence behind an untagged variant
    // (named rules).
    0xa2c4_fe32_c889_817c,
    0x1917_f2b4_1d0e_d289,
    // Seed b: families 20 and 177, a byte-string key naming a buffered type's field (fixed).
    // Seed c: families 80 and 169, seed d: 226 and 350, seed e: 47, another variant's key
    // after the tag, for the chosen variant's catch-all in serde's order (fixed); seed c: 103
    // and 419, an integer key serde's buffer gives a struct variant as a field's position
    // (a named rule); seed d: family 373, an internally tagged enum read from a YAML
    // sequence (a named rule).
    0x2d6e_5977_5959_9f78,
    0x790f_4a31_7a6c_ed7d,
    0xbc12_2062_dc44_8bf9,
    0xcc24_e0b4_bd1b_af64,
    0x78d1_a9dd_662e_53ae,
    0x52fe_f241_1bcd_eaf4,
    0xfaaa_f19f_2506_4666,
    0xac95_b5f1_2ec0_fbeb,
    0xff71_5770_1a51_e98e,
    0x2eca_b92d_c94b_e44f,
    // Seed f: family 40, an adjacently tagged enum's tag as a variant index at the head of a
    // held sequence (fixed). Seed e: family 23, a `flatten, default` field in an untagged
    // enum's variant, which then reads where serde's derive takes a later variant (a named
    // rule).
    0xe789_133c_5791_e577,
    0xdd27_5a42_7ec2_fc4b,
    // Seed a: family 144, an alias of a variant's leaf before the tag of a flattened
    // internally tagged enum (fixed: read by its text).
    0xd899_b3b6_4f58_5c4a,
    // Seed 12: family 238, an internally tagged enum with an untagged variant whose tagged
    // attempt reads a unit struct from an empty map (fixed).
    0xe207_6a77_66f9_71ea,
    // Seed 14: family 324, an externally tagged struct variant with flattened fields given as a
    // CBOR array (a named rule, "a struct written as a sequence").
    0xb916_d504_ac1e_18aa,
    // Seed 18: family 152, a YAML integer key serde's buffer gives a struct as a defaulted
    // field's position (a named rule, "keys that are not names").
    0xe765_7588_f219_615d,
    // Seed e: family 205, seed 12: family 370, a CBOR array longer than its tuple beside
    // another fault serde's buffer reports (a named rule, "a sequence longer than its tuple").
    0xdbab_23e5_f23b_1a26,
    0x0164_cef0_bfab_42ae,
    // Seed 1a: family 241, seed 1b: family 369, an adjacently tagged enum with an untagged
    // variant whose map's tag is an integer, which serde's buffer refuses as a variant (fixed).
    0xa760_762b_7bfc_399f,
    0x375a_d596_1f19_8e57,
    // Seed 1c: family 160, a parenthesis inside a string of a flattened `Option`'s value (the
    // checker's rule "a flattened Option is None where serde's deny_unknown_fields refuses"
    // miscounted it); family 486, an integer key as a field's position behind an untagged enum
    // (a named rule, "keys that are not names").
    0xeead_0346_6d3a_e178,
    0xbac8_c44c_e6e4_17a3,
    // Family 456 of seed 22 (ciborium): a 7-element array for a 3-tuple, whose four elements
    // left over read as the map's remaining entries, so that FastFlatten's read ends at the
    // input's end where serde's buffer runs out of it (a named rule, "a sequence longer than its
    // tuple").
    0x1ab7_eac2_e86f_54ab,
    // Family 382 of seed 24 (YAML): an internally tagged enum's tag `0` beside a
    // `#[serde(other)]` variant, which FastFlatten reads; serde's buffer reads variant 0, which
    // misses a field (a named rule, "a tag given as its variant's index").
    0x4b7c_6d03_a8cb_3727,
    // Family 237 of seed 6d: an adjacently tagged enum with an untagged tuple variant read from
    // `[0]`, its unit variant's tag alone (a named rule, "an adjacently tagged unit variant read
    // from its tag alone").
    0x8ffc_852b_51cf_a46d,
    // Family 131 of seed 6e: a CBOR tag before an adjacently tagged struct variant's content,
    // which FastFlatten reads as a struct (a named rule, "a CBOR tag before an object serde's
    // derive reads as any value").
    0xf613_ed57_b8c3_39bc,
    // Family 95 of seed 75 (and the families of 0x2ff1_cc88_e06f_0f80 and
    // 0xcc24_e0b4_bd1b_af64 above, once types derive one half): a parent keeping serde's
    // `Deserialize` flattens a FastFlatten internally tagged enum, which asked serde's flatten
    // deserializer for a struct and was given no key (fixed: asked as serde's derive asks).
    0x999f_556c_d2a4_3403,
    // Seed 78 (once enums draw `rename_all_fields`): family 259, an integer key in a flattened
    // enum's struct variant under `deny_unknown_fields`, a field's position to serde's buffer
    // and an unknown field to FastFlatten (a named rule).
    0x8ad1_fc5b_0513_b2f5,
    // The CI set's families 251 and 263, once flattened structs draw a `transparent` wrapper:
    // the wrapper, flattened as serde flattens it, asked its inner FastFlatten struct for its
    // keys without their aliases, so that an alias's key went unclaimed (fixed: the probe is
    // asked as serde's flatten deserializer is).
    0xf0f0_829d_9acb_8af1,
    0xb81d_243a_c54a_66a8,
];

fn main() {
    println!("cargo:rerun-if-env-changed=FASTKIT_SHAPES");
    println!("cargo:rerun-if-env-changed=FASTKIT_SHAPES_SEED");
    let count = env::var("FASTKIT_SHAPES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256);
    let seed = env::var("FASTKIT_SHAPES_SEED")
        .ok()
        .and_then(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok())
        .unwrap_or(SEED);
    let mut families: Vec<_> = (0..count)
        .map(|index| {
            fastkit_shapes::grammar::family(index, fastkit_shapes::family_seed(seed, index))
        })
        .collect();
    for (i, &family_seed) in REGRESSIONS.iter().enumerate() {
        families.push(fastkit_shapes::grammar::family(count + i, family_seed));
    }
    let source = fastkit_shapes::render::families(&families);
    let out = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("families.rs");
    std::fs::write(out, source).expect("write families.rs");
}
