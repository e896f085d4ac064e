//! What a family of types is: plain data, made by `grammar.rs` and written out by `render.rs`.
//!
//! A family is a few types (structs, tuple structs, enums) around a root, each declared twice
//! when rendered: once deriving `FastFlatten` (or one of its halves beside serde's other, see
//! [`Halves`]), once deriving serde's `Serialize` and `Deserialize`. Every name a key can take (field names, renames, aliases, tags, variant names)
//! is unique across the family, so that no two leaves of a flattened tree share a key (a compile
//! error of FastFlatten's, pinned by its own UI test).

/// A family of types; `types[0]` is the root.
#[derive(Clone, Debug)]
pub struct Family {
    /// Its number in the generated set (`f{index}` names its module).
    pub index: usize,
    /// The seed it was generated from.
    pub seed: u64,
    pub types: Vec<TypeDef>,
    /// The root's type arguments, when the root is generic (`Root<Arg>`).
    pub root_arg: Option<Ty>,
}

/// One type of a family.
#[derive(Clone, Debug)]
pub struct TypeDef {
    /// `T{n}`.
    pub name: String,
    pub kind: Kind,
    pub attrs: ContainerAttrs,
    /// Whether it has one type parameter, `P`, used by some field.
    pub generic: bool,
    /// Whether it implements `Default` (derived): a container or field `default` needs it.
    pub default: bool,
    /// Derived by serde's derive in both modules of the family (a type of "another crate"),
    /// flattened with `#[fast_flatten(buffered)]`.
    pub foreign: bool,
    /// Which of serde's traits FastFlatten's module derives with FastFlatten's derives; serde's
    /// derive writes the other (`FastDeserialize` beside `serde::Serialize`, say).
    pub halves: Halves,
}

/// Which halves a type of FastFlatten's module derives with FastFlatten's derives.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Halves {
    /// `FastDeserialize` (else serde's `Deserialize`).
    pub de: bool,
    /// `FastSerialize` (else serde's `Serialize`).
    pub ser: bool,
}

impl Halves {
    /// `FastFlatten`: both halves.
    pub const BOTH: Halves = Halves {
        de: true,
        ser: true,
    };

    /// The halves of either.
    pub fn union(self, other: Halves) -> Halves {
        Halves {
            de: self.de || other.de,
            ser: self.ser || other.ser,
        }
    }

    /// The derives of FastFlatten's module: `FastFlatten`, or one half of FastFlatten's with
    /// the other of serde's.
    pub fn derives(self) -> &'static str {
        match (self.de, self.ser) {
            (true, false) => "serde_fastkit::FastDeserialize, serde::Serialize",
            (false, true) => "serde_fastkit::FastSerialize, serde::Deserialize",
            _ => "FastFlatten",
        }
    }
}

#[derive(Clone, Debug)]
pub enum Kind {
    /// A struct with named fields.
    Struct(Vec<Field>),
    /// `struct T(A, B);`
    Tuple(Vec<Ty>),
    /// `struct T(A);`
    Newtype(Ty),
    /// `struct T;`
    Unit,
    Enum(Repr, Vec<Variant>),
}

/// How an enum is represented.
#[derive(Clone, Debug, PartialEq)]
pub enum Repr {
    External,
    Internal { tag: String },
    Adjacent { tag: String, content: String },
    Untagged,
}

#[derive(Clone, Debug)]
pub struct Variant {
    /// `V{n}`.
    pub name: String,
    pub shape: VariantShape,
    pub rename: Option<String>,
    pub aliases: Vec<String>,
    /// `rename_all = "..."` on a struct variant: the rule of its field names, over the enum's
    /// `rename_all_fields`.
    pub rename_all: Option<&'static str>,
    /// `#[serde(untagged)]` on a variant of a tagged enum (the last ones).
    pub untagged: bool,
    /// `#[serde(other)]` on a unit variant of an internally or adjacently tagged enum.
    pub other: bool,
}

#[derive(Clone, Debug)]
pub enum VariantShape {
    Unit,
    Newtype(Ty),
    Tuple(Vec<Ty>),
    Struct(Vec<Field>),
}

/// A named field.
#[derive(Clone, Debug)]
pub struct Field {
    /// `f{n}_{word}`: unique in the family, with an underscore for `rename_all` to act on.
    pub name: String,
    pub ty: Ty,
    pub attrs: FieldAttrs,
}

/// A field's type.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Leaf(Leaf),
    /// Another type of the family, by index (with the family's root argument if generic).
    Named(usize),
    /// `Option<T{n}>`.
    OptionOf(usize),
    /// `Box<T{n}>`.
    BoxOf(usize),
    /// A map catching every key no leaf claims (when flattened).
    Map(MapKind),
    /// The type parameter `P`.
    Param,
}

/// The leaf types values are drawn from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Leaf {
    U32,
    I64,
    Bool,
    Str,
    F64,
    OptU32,
    OptStr,
    VecU32,
}

impl Leaf {
    pub const ALL: [Leaf; 8] = [
        Leaf::U32,
        Leaf::I64,
        Leaf::Bool,
        Leaf::Str,
        Leaf::F64,
        Leaf::OptU32,
        Leaf::OptStr,
        Leaf::VecU32,
    ];

    /// The Rust type.
    pub fn rust(self) -> &'static str {
        match self {
            Leaf::U32 => "u32",
            Leaf::I64 => "i64",
            Leaf::Bool => "bool",
            Leaf::Str => "String",
            Leaf::F64 => "f64",
            Leaf::OptU32 => "Option<u32>",
            Leaf::OptStr => "Option<String>",
            Leaf::VecU32 => "Vec<u32>",
        }
    }

    /// Whether it is an `Option` (absent means `None`, `skip_serializing_if = "Option::is_none"`).
    pub fn is_option(self) -> bool {
        matches!(self, Leaf::OptU32 | Leaf::OptStr)
    }
}

/// A catch-all map's type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MapKind {
    /// `HashMap<String, serde_json::Value>`.
    HashValue,
    /// `BTreeMap<String, u32>`.
    BTreeU32,
    /// `serde_json::Map<String, serde_json::Value>`.
    JsonMap,
    /// `serde_json::Value`.
    JsonValue,
}

impl MapKind {
    pub const ALL: [MapKind; 4] = [
        MapKind::HashValue,
        MapKind::BTreeU32,
        MapKind::JsonMap,
        MapKind::JsonValue,
    ];

    pub fn rust(self) -> &'static str {
        match self {
            MapKind::HashValue => "std::collections::HashMap<String, serde_json::Value, Hasher>",
            MapKind::BTreeU32 => "std::collections::BTreeMap<String, u32>",
            MapKind::JsonMap => "serde_json::Map<String, serde_json::Value>",
            MapKind::JsonValue => "serde_json::Value",
        }
    }
}

/// `#[serde(...)]` and `#[fast_flatten(...)]` on a container.
#[derive(Clone, Debug, Default)]
pub struct ContainerAttrs {
    /// `rename_all = "..."`.
    pub rename_all: Option<&'static str>,
    pub deny_unknown_fields: bool,
    /// `rename_all_fields = "..."` (enums): the rule of every struct variant's field names.
    pub rename_all_fields: Option<&'static str>,
    /// `#[serde(default)]` (structs implementing `Default`).
    pub default: bool,
    /// `#[fast_flatten(strict)]` (FastFlatten's module only).
    pub strict: bool,
    /// `#[serde(transparent)]` (newtype structs): read and written as the type it holds.
    pub transparent: bool,
}

/// `#[serde(...)]` and `#[fast_flatten(...)]` on a field.
#[derive(Clone, Debug, Default)]
pub struct FieldAttrs {
    pub flatten: bool,
    pub rename: Option<String>,
    pub aliases: Vec<String>,
    pub default: FieldDefault,
    /// `skip_serializing_if` with the leaf's emptiness test.
    pub skip_serializing_if: bool,
    pub skip: Skip,
    /// `with = "..."`: a `u32` written as its decimal text.
    pub with: bool,
    /// `#[fast_flatten(buffered)]` (FastFlatten's module only): a flattened foreign type.
    pub buffered: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub enum FieldDefault {
    #[default]
    None,
    /// `#[serde(default)]`.
    Std,
    /// `#[serde(default = "path")]`.
    Path,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Skip {
    #[default]
    None,
    Serializing,
    Deserializing,
    Both,
}

impl Family {
    /// The type at `index`.
    pub fn ty(&self, index: usize) -> &TypeDef {
        &self.types[index]
    }

    /// Whether some type of the family is strict: FastFlatten may then refuse what serde's
    /// derive reads.
    pub fn strict(&self) -> bool {
        self.types.iter().any(|t| t.attrs.strict)
    }

    /// Whether some enum is untagged or has untagged variants.
    pub fn untagged(&self) -> bool {
        self.types.iter().any(|t| match &t.kind {
            Kind::Enum(repr, variants) => {
                *repr == Repr::Untagged || variants.iter().any(|v| v.untagged)
            }
            _ => false,
        })
    }

    /// The Rust names of the `#[serde(other)]` variants.
    pub fn other_variants(&self) -> impl Iterator<Item = &str> {
        self.types
            .iter()
            .flat_map(|t| match &t.kind {
                Kind::Enum(_, variants) => variants.as_slice(),
                _ => &[],
            })
            .filter(|v| v.other)
            .map(|v| v.name.as_str())
    }

    /// Whether some struct is one FastFlatten reads from a sequence where serde's derive takes
    /// only a map: a struct or struct variant with flattened fields, a struct variant of an
    /// adjacently tagged enum.
    pub fn map_only_structs(&self) -> bool {
        let flattens = |fields: &[Field]| fields.iter().any(|f| f.attrs.flatten);
        self.types.iter().any(|t| match &t.kind {
            Kind::Struct(fields) => flattens(fields),
            Kind::Enum(repr, variants) => variants.iter().any(|v| match &v.shape {
                VariantShape::Struct(fields) => {
                    flattens(fields) || matches!(repr, Repr::Adjacent { .. })
                }
                _ => false,
            }),
            _ => false,
        })
    }

    /// Whether some adjacently tagged enum has a tagged unit variant, which FastFlatten reads
    /// from its tag alone.
    pub fn adjacent_unit_variants(&self) -> bool {
        self.types.iter().any(|t| match &t.kind {
            Kind::Enum(Repr::Adjacent { .. }, variants) => variants
                .iter()
                .any(|v| !v.untagged && matches!(v.shape, VariantShape::Unit)),
            _ => false,
        })
    }

    /// Whether some struct or variant is a tuple.
    pub fn tuples(&self) -> bool {
        self.types.iter().any(|t| match &t.kind {
            Kind::Tuple(_) => true,
            Kind::Enum(_, variants) => variants
                .iter()
                .any(|v| matches!(v.shape, VariantShape::Tuple(_))),
            _ => false,
        })
    }

    /// Whether some type is a unit struct.
    pub fn unit_structs(&self) -> bool {
        self.types.iter().any(|t| matches!(t.kind, Kind::Unit))
    }

    /// Whether some type has `#[serde(deny_unknown_fields)]`.
    pub fn denies_unknown_fields(&self) -> bool {
        self.types.iter().any(|t| t.attrs.deny_unknown_fields)
    }

    /// Whether some field is `#[serde(flatten, default)]`.
    pub fn flatten_default(&self) -> bool {
        self.fields()
            .any(|f| f.attrs.flatten && f.attrs.default != FieldDefault::None)
    }

    /// Every named field of every struct and struct variant.
    pub fn fields(&self) -> impl Iterator<Item = &Field> {
        self.types.iter().flat_map(|t| match &t.kind {
            Kind::Struct(fields) => fields.iter().collect::<Vec<_>>(),
            Kind::Enum(_, variants) => variants
                .iter()
                .flat_map(|v| match &v.shape {
                    VariantShape::Struct(fields) => fields.iter().collect(),
                    _ => Vec::new(),
                })
                .collect(),
            _ => Vec::new(),
        })
    }

    /// Whether every value of the root roundtrips on formats that write structs as sequences
    /// (bincode, bitcode, postcard): no leaf left out when written (`skip_serializing_if`, a
    /// flattened `None`, a skipped field), nothing that needs a self-describing format (catch-all
    /// maps, untagged enums, buffered fields, flattened `transparent` types, flattened externally
    /// tagged enums, `with` leaves' text is fine).
    pub fn roundtrips_as_sequences(&self) -> bool {
        self.types.iter().all(|t| t.roundtrips_as_sequence(self))
    }
}

impl TypeDef {
    fn roundtrips_as_sequence(&self, family: &Family) -> bool {
        let fields_ok = |fields: &[Field]| fields.iter().all(|f| f.written_whole(family));
        if self.halves != Halves::BOTH && !self.serde_half_takes_sequences() {
            return false;
        }
        match &self.kind {
            Kind::Struct(fields) => fields_ok(fields),
            Kind::Enum(repr, variants) => {
                *repr != Repr::Untagged
                    && variants.iter().all(|v| {
                        !v.untagged
                            && match &v.shape {
                                VariantShape::Struct(fields) => fields_ok(fields),
                                _ => true,
                            }
                    })
            }
            _ => true,
        }
    }

    /// Whether serde's derive writes and reads this type on formats that write structs as
    /// sequences: nothing flattened, no enum but an externally tagged one.
    fn serde_half_takes_sequences(&self) -> bool {
        let plain = |fields: &[Field]| fields.iter().all(|f| !f.attrs.flatten);
        match &self.kind {
            Kind::Struct(fields) => plain(fields),
            Kind::Enum(Repr::External, variants) => variants.iter().all(|v| match &v.shape {
                VariantShape::Struct(fields) => plain(fields),
                _ => true,
            }),
            Kind::Enum(..) => false,
            Kind::Tuple(_) | Kind::Newtype(_) | Kind::Unit => true,
        }
    }
}

impl Field {
    /// Whether a format that writes structs as sequences writes this field whole and reads it
    /// back: no leaf left out, nothing that needs a self-describing format.
    fn written_whole(&self, family: &Family) -> bool {
        let a = &self.attrs;
        if a.skip_serializing_if || a.skip != Skip::None || a.buffered {
            return false;
        }
        match self.ty {
            Ty::Map(_) => false,
            Ty::OptionOf(_) if a.flatten => false,
            // Flattened as serde flattens it, through its own impls (a map).
            Ty::Named(i) | Ty::BoxOf(i) if a.flatten && family.ty(i).attrs.transparent => false,
            Ty::Named(i) | Ty::BoxOf(i) if a.flatten => !matches!(
                family.ty(i).kind,
                Kind::Enum(Repr::External | Repr::Untagged, _)
            ),
            _ => true,
        }
    }
}
