//! Recursive generic types without `#[serde(bound)]`: a field mentioning type parameters is
//! bounded through them, as serde's derive bounds every field (`T: Serialize` for a
//! `Vec<Tree<T>>`; `fast-flatten-derive/src/bound.rs`, `bounded_types`). A bound on the whole
//! field type was a cycle: `Vec<Tree<T>>: Serialize` needs `Tree<T>: Serialize`, whose impl
//! needs the bound again, and every use of `Tree<u32>` failed to compile ("overflow evaluating
//! the requirement"), where serde's derive compiles. That these modules compile for both twins,
//! unannotated, is the first half of each test.

use std::marker::PhantomData;

/// A unit whose amount type is serializable while the unit itself is not.
pub trait Unit {
    type Amount;
}

/// Neither `Serialize` nor `Deserialize`.
#[derive(Debug)]
pub struct Eur;

impl Unit for Eur {
    type Amount = u64;
}

twins! {
    /// One generic type per representation, each recursing through a collection or a box.
    mod recursive {
        #[serde(tag = "type")]
        pub enum Tree<T> {
            Leaf { value: T },
            Node { children: Vec<Tree<T>> },
        }

        pub enum Expr<T> {
            Lit(T),
            Neg(Box<Expr<T>>),
            Add(Box<Expr<T>>, Box<Self>),
            Let { name: String, value: Box<Expr<T>>, body: Box<Expr<T>> },
        }

        #[serde(tag = "t", content = "c")]
        pub enum Cmd<T> {
            Run(T),
            Seq(Vec<Cmd<T>>),
            Guarded { inner: Option<Box<Cmd<T>>> },
        }

        #[serde(untagged)]
        pub enum Nest<T> {
            Leaf(T),
            List(Vec<Nest<T>>),
        }

        pub struct List<T> {
            pub head: T,
            pub tail: Option<Box<List<T>>>,
        }

        /// Recursive and flattening: a struct flattening a recursive enum, and a recursive struct
        /// with a flattened field of its own.
        pub struct Doc<T> {
            pub id: u32,
            #[serde(flatten)]
            pub body: Tree<T>,
        }

        pub struct Outline<T> {
            #[serde(flatten)]
            pub meta: Meta,
            pub value: T,
            pub children: Vec<Outline<T>>,
        }

        pub struct Meta {
            pub title: String,
        }

        /// Recursive through another type: `A<T>` holds `B<T>`, which holds `A<T>`.
        pub enum A<T> {
            B(Box<B<T>>),
            V(T),
        }

        pub struct B<T> {
            pub a: Vec<A<T>>,
        }

        /// An associated type is bounded whole (`T::Amount: Serialize`), and `PhantomData<T>`
        /// not at all, as serde does: `Eur` is neither `Serialize` nor `Deserialize`.
        pub struct Priced<T: Unit> {
            pub amount: T::Amount,
            pub unit: PhantomData<T>,
        }
    }
}

twins! {
    /// A lifetime instead of a type parameter: the recursive fields need no bound at all, and the
    /// borrowed ones keep their own (`'de: 'a`).
    mod borrowed {
        pub enum Path<'a> {
            End,
            Step {
                #[serde(borrow)]
                name: &'a str,
                next: Box<Path<'a>>,
            },
        }

        /// Through another type, lifetimes only.
        pub enum Doc<'a> {
            Section(Box<Section<'a>>),
            Text(&'a str),
        }

        pub struct Section<'a> {
            #[serde(borrow)]
            pub parts: Vec<Doc<'a>>,
        }
    }
}

#[test]
fn internally_tagged_tree() {
    rt!(recursive::Tree<u32>, Tree::Node { children: vec![Tree::Leaf { value: 1 }, Tree::Node { children: vec![] }] }
        => r#"{"type":"Node","children":[{"type":"Leaf","value":1},{"type":"Node","children":[]}]}"#);
    // the tag last, at every depth: held, then replayed
    de!(recursive::Tree<u32>, r#"{"children":[{"value":2,"type":"Leaf"}],"type":"Node"}"#
        => Tree::Node { children: vec![Tree::Leaf { value: 2 }] });
    de_err!(recursive::Tree<u32>, r#"{"type":"Node","children":[{"type":"Leaf","value":"x"}]}"#
        => r#"invalid type: string "x", expected u32"#);
    roundtrip!(
        recursive::Tree<u32>,
        Tree::Node {
            children: vec![Tree::Node { children: vec![] }]
        }
    );
}

#[test]
fn externally_tagged_expression() {
    rt!(recursive::Expr<i64>, Expr::Add(Box::new(Expr::Lit(1)), Box::new(Expr::Neg(Box::new(Expr::Lit(2)))))
        => r#"{"Add":[{"Lit":1},{"Neg":{"Lit":2}}]}"#);
    rt!(recursive::Expr<i64>, Expr::Let { name: "x".into(), value: Box::new(Expr::Lit(3)), body: Box::new(Expr::Lit(4)) }
        => r#"{"Let":{"name":"x","value":{"Lit":3},"body":{"Lit":4}}}"#);
    roundtrip!(
        recursive::Expr<i64>,
        Expr::Neg(Box::new(Expr::Neg(Box::new(Expr::Lit(-5)))))
    );
}

#[test]
fn adjacently_tagged_command() {
    rt!(recursive::Cmd<u8>, Cmd::Seq(vec![Cmd::Run(1), Cmd::Guarded { inner: Some(Box::new(Cmd::Run(2))) }])
        => r#"{"t":"Seq","c":[{"t":"Run","c":1},{"t":"Guarded","c":{"inner":{"t":"Run","c":2}}}]}"#);
    // content before the tag, nested
    de!(recursive::Cmd<u8>, r#"{"c":{"inner":{"c":3,"t":"Run"}},"t":"Guarded"}"#
        => Cmd::Guarded { inner: Some(Box::new(Cmd::Run(3))) });
    roundtrip!(
        recursive::Cmd<u8>,
        Cmd::Guarded {
            inner: Some(Box::new(Cmd::Guarded { inner: None }))
        }
    );
}

#[test]
fn untagged_nesting() {
    rt!(recursive::Nest<u16>, Nest::List(vec![Nest::Leaf(1), Nest::List(vec![Nest::Leaf(2)])])
        => "[1,[2]]");
    de_err!(recursive::Nest<u16>, r#"[1,[true]]"#
        => "data did not match any variant of untagged enum Nest");
}

#[test]
fn structs() {
    rt!(recursive::List<u8>, List { head: 1, tail: Some(Box::new(List { head: 2, tail: None })) }
        => r#"{"head":1,"tail":{"head":2,"tail":null}}"#);
    // FastFlatten writes a flattening struct as a struct, serde as a map: the same text.
    rt_text!(recursive::Doc<u8>, Doc { id: 7, body: Tree::Node { children: vec![Tree::Leaf { value: 1 }] } }
        => r#"{"id":7,"type":"Node","children":[{"type":"Leaf","value":1}]}"#);
    de!(recursive::Doc<u8>, r#"{"children":[],"id":7,"type":"Node"}"#
        => Doc { id: 7, body: Tree::Node { children: vec![] } });
    rt_text!(recursive::Outline<bool>, Outline {
            meta: Meta { title: "a".into() },
            value: true,
            children: vec![Outline { meta: Meta { title: "b".into() }, value: false, children: vec![] }],
        }
        => r#"{"title":"a","value":true,"children":[{"title":"b","value":false,"children":[]}]}"#);
    roundtrip!(
        recursive::List<u8>,
        List {
            head: 1,
            tail: Some(Box::new(List {
                head: 2,
                tail: None
            }))
        }
    );
}

#[test]
fn mutually_recursive() {
    rt!(recursive::A<u8>, A::B(Box::new(B { a: vec![A::V(1), A::B(Box::new(B { a: vec![] }))] }))
        => r#"{"B":{"a":[{"V":1},{"B":{"a":[]}}]}}"#);
}

#[test]
fn associated_type_and_phantom() {
    rt!(recursive::Priced<Eur>, Priced { amount: 5, unit: PhantomData } => r#"{"amount":5,"unit":null}"#);
}

#[test]
fn borrowed_path() {
    rt!(borrowed::Path, Path::Step { name: "a", next: Box::new(Path::Step { name: "b", next: Box::new(Path::End) }) }
        => r#"{"Step":{"name":"a","next":{"Step":{"name":"b","next":"End"}}}}"#);
}

#[test]
fn borrowed_mutually_recursive() {
    rt!(borrowed::Doc, Doc::Section(Box::new(Section { parts: vec![Doc::Text("a"), Doc::Section(Box::new(Section { parts: vec![] }))] }))
        => r#"{"Section":{"parts":[{"Text":"a"},{"Section":{"parts":[]}}]}}"#);
}
