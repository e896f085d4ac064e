//! The peer crates: which published crates the harness runs, at which version, with which
//! features, and which of their types stay on serde's derive.
//!
//! To add a peer, add a row to [`PEERS`]. Start its `leave` list empty: a type goes there only
//! once a run has shown that it does not compile with FastFlatten because of a limit of
//! FastFlatten, with the reason, so that the report shows it.

/// The features a peer's tests are built and run with.
#[derive(Clone, Copy, Debug)]
pub enum Features {
    /// `--all-features`.
    All,
    /// The default features plus these (`--features a,b`; an empty list is the defaults alone).
    Default(&'static [&'static str]),
}

impl Features {
    /// The arguments that select these features on a `cargo` command line.
    pub fn cargo_args(self) -> Vec<String> {
        match self {
            Features::All => vec!["--all-features".to_owned()],
            Features::Default([]) => Vec::new(),
            Features::Default(list) => vec!["--features".to_owned(), list.join(",")],
        }
    }

    /// How the report names these features.
    pub fn describe(self) -> String {
        match self {
            Features::All => "all features".to_owned(),
            Features::Default([]) => "default features".to_owned(),
            Features::Default(list) => format!("default features + {}", list.join(", ")),
        }
    }
}

/// One published crate the harness runs.
#[derive(Debug)]
pub struct Peer {
    /// The crate's name on crates.io.
    pub name: &'static str,
    /// The exact version (the harness asks cargo for `=version`).
    pub version: &'static str,
    /// The features its tests run with.
    pub features: Features,
    /// Types kept on serde's derive in every mode, each with the reason (the FastFlatten limit
    /// a run met), matched by the type's name.
    pub leave: &'static [(&'static str, &'static str)],
    /// What the report should say about this peer's tests (known failures and why).
    pub note: &'static str,
    /// Fixtures of JSON lines the speed mode decodes beside those its `src/` tests include:
    /// the file (relative to the crate's root) and the type each line is, by its path inside
    /// the crate.
    pub lines: &'static [(&'static str, &'static str)],
}

impl Peer {
    /// `name-version`, the name of the peer's directories (as in cargo's registry).
    pub fn dir_name(&self) -> String {
        format!("{}-{}", self.name, self.version)
    }
}

/// Every peer, in the order the harness runs them.
pub const PEERS: &[Peer] = &[
    Peer {
        name: "lsp-types",
        version: "0.97.0",
        features: Features::All,
        leave: &[(
            "ExecuteCommandRegistrationOptions",
            "two leaves named `commands` (its own and the flattened ExecuteCommandOptions's): \
             FastFlatten's name-collision compile error, by design (serde writes the key twice \
             and cannot read its own output back, serde issue 1190)",
        )],
        note: "",
        // The LSIF dump its `tests/lsif.rs` reads, one `Entry` per line: a struct flattening an
        // internally tagged enum whose variants are internally tagged enums.
        lines: &[("tests/tsc-unix.lsif", "crate::lsif::Entry")],
    },
    Peer {
        name: "aws_lambda_events",
        // 1.2.1 is the latest 1.x on crates.io.
        version: "1.2.1",
        features: Features::All,
        leave: &[],
        note: "",
        lines: &[],
    },
    Peer {
        name: "alloy-rpc-types-engine",
        version: "2.5.0",
        // The defaults (`std`, `serde`) build the tests; `jwt` adds that module's tests (the
        // JWT claims are serde types). Not `ssz`: its tests `include_str!` a file the published
        // crate leaves out (`src/ssz_engine_types/testdata/geth-golden.json`), so they do not
        // compile in any copy.
        features: Features::Default(&["jwt"]),
        leave: &[],
        note: "2 tests (`payload::tests::test_into_block_raw_with_transactions_root`, \
               `test_payload_to_block_with_sidecar_raw`) read `testdata/payload`, which the \
               published crate leaves out: they fail in every copy.",
        lines: &[],
    },
    Peer {
        name: "async-openai",
        version: "0.43.0",
        // Every `*-types` feature (`types`) and the OpenAPI schemas, whose test checks the
        // serde output against the schemas: the types without the HTTP client.
        features: Features::Default(&["types", "openapi"]),
        leave: &[],
        note: "5 doctests of `src/lib.rs` (the README's client examples) use `Client` and \
               `config`, which these features configure out (`_api`): they fail to compile in \
               every copy. (They would need the network too.)",
        lines: &[],
    },
];

/// The peers named on the command line (all of them when none is named), or the unknown name.
pub fn select(names: &[String]) -> Result<Vec<&'static Peer>, String> {
    if names.is_empty() {
        return Ok(PEERS.iter().collect());
    }
    names
        .iter()
        .map(|name| {
            PEERS
                .iter()
                .find(|peer| peer.name == name.as_str())
                .ok_or_else(|| {
                    let known: Vec<&str> = PEERS.iter().map(|peer| peer.name).collect();
                    format!("unknown peer `{name}`; the peers are {}", known.join(", "))
                })
        })
        .collect()
}
