//! Which of serde's two traits a derive implements: `FastFlatten` both, `FastDeserialize` and
//! `FastSerialize` one each. Every expansion asks it before writing an impl of one side; the
//! flatten traits are split the same way (`FlattenFields` and `FlattenDeserialize` read,
//! `FlattenSerialize` writes), so a type deriving one half flattens into a parent deriving the
//! same half, and its other half may be serde's derive or hand-written.

/// The halves a derive implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Halves {
    /// `Deserialize`, with `FlattenFields` and `FlattenDeserialize`.
    pub de: bool,
    /// `Serialize`, with `FlattenSerialize`.
    pub ser: bool,
}

impl Halves {
    /// `#[derive(FastFlatten)]`.
    pub const BOTH: Halves = Halves {
        de: true,
        ser: true,
    };
    /// `#[derive(FastDeserialize)]`.
    pub const DESERIALIZE: Halves = Halves {
        de: true,
        ser: false,
    };
    /// `#[derive(FastSerialize)]`.
    pub const SERIALIZE: Halves = Halves {
        de: false,
        ser: true,
    };

    /// `items` of the sides this derive implements, in order: the reading side's, then the
    /// writing side's.
    pub fn pick(
        self,
        de: impl FnOnce() -> proc_macro2::TokenStream,
        ser: impl FnOnce() -> proc_macro2::TokenStream,
    ) -> proc_macro2::TokenStream {
        let mut out = proc_macro2::TokenStream::new();
        if self.de {
            out.extend(de());
        }
        if self.ser {
            out.extend(ser());
        }
        out
    }
}
