//! An internally tagged enum flattened into a FastFlatten struct (`#[serde(flatten)] kind:
//! Kind`, `Kind` tagged `#[serde(tag = "type")]`). Its part of the tree is the tag (slot 0),
//! then each variant's leaves, in declaration order. Values that come before the tag are held
//! ([`HeldLeaf`]) and given to the variant the tag chooses; once it is chosen, values land in
//! place.
//!
//! The variants are a list of trees, one per variant that can be read: `VariantTree<First,
//! VariantTree<Second, NoVariant>>`, where a unit variant is `()` and a newtype variant the
//! type it wraps. Everything that walks the list lives here, generic over it; the derive writes
//! the list's type and one `match` from the list's value to the enum ([`FlattenInternal`]). So
//! an enum nobody flattens costs the compiler a type and that match, not a generated state
//! machine per enum.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::marker::PhantomData;

use serde::de::{self, Error as _, IgnoredAny, MapAccess, SeqAccess};

use super::{variant_out_of_range, InternallyTagged, VariantSeed, Variants};
#[cfg(feature = "alloc")]
use crate::buffer::{reserve_held, Content, ContentVisitor, HeldValue};
use crate::flatten::{
    has_aliases, reads, FlattenDeserialize, FlattenFields, HeldMap, HeldMode, RestClaim, RestKey,
    SeqLeaves,
};

/// A flattened internally tagged enum: the list of its variants' trees, and the enum built
/// from the list's value. Implemented by the derive.
pub trait FlattenInternal<'de>: InternallyTagged<'de> + FlattenFields {
    /// `VariantTree<First, VariantTree<Second, .. NoVariant>>`, one tree per variant that can
    /// be read, in the order of their indexes.
    type Trees: VariantTrees<'de>;

    /// The enum from the chosen variant's tree: `Chosen::Later` once per variant before it,
    /// then `Chosen::This`. An error for a variant read through `deserialize_with`, which a
    /// tree cannot call.
    fn from_tree<E: de::Error>(value: <Self::Trees as VariantTrees<'de>>::Value)
        -> Result<Self, E>;
}

/// What a list of variant trees knows without reading: its leaves, numbered from 0 over the
/// whole list.
pub trait VariantFields {
    /// The leaves of every variant together.
    const LEN: usize;
    /// Whether any variant denies unknown fields of the tree the enum is flattened into
    /// (`deny_unknown_fields_flattened` of [`ReadShape`](crate::flatten::ReadShape)).
    const DENY_UNKNOWN_FIELDS_FLATTENED: bool;
    /// Whether any variant has a catch-all map.
    const CATCH_ALL: bool;
    /// Whether any variant is read in serde's order (`serde_order` of
    /// [`ReadShape`](crate::flatten::ReadShape)).
    const SERDE_ORDER: bool;
    /// Whether some variant reads a leaf under an alias: such a key is read by its text
    /// (`aliases_by_text` of [`ReadShape`](crate::flatten::ReadShape)), since a slot names the
    /// leaf of the first variant that has the key, and the variant the tag chooses may read it
    /// differently.
    const ALIASED: bool;

    /// The first leaf named `key`, in the first variant that has one.
    fn slot_of(key: &str) -> Option<usize>;

    /// The name of leaf `slot`.
    fn slot_name(slot: usize) -> Option<&'static str>;
}

/// Reading a list of variant trees: the chosen variant's state, and its value.
pub trait VariantTrees<'de>: VariantFields {
    /// The chosen variant's state.
    type State;
    /// The chosen variant's value.
    type Value;

    /// The state of variant `index` (`None` past the list).
    fn new_state(index: usize) -> Option<Self::State>;

    /// Gives the map's next value, for the enum `E`'s leaf `slot`, to the chosen variant; the
    /// list's leaves are `E`'s from `offset`.
    fn deliver<E: FlattenFields, M: MapAccess<'de>>(
        state: &mut Self::State,
        slot: usize,
        offset: usize,
        map: &mut M,
    ) -> Result<(), M::Error>;

    /// Whether the chosen variant has `E`'s leaf `slot` still to read.
    fn owns<E: FlattenFields>(state: &Self::State, slot: usize, offset: usize) -> bool;

    /// The chosen variant, once the map has ended.
    fn finish<E: de::Error>(state: Self::State) -> Result<Self::Value, E>;

    /// The chosen variant's `FIELDS`, for serde's "unknown field" error.
    fn fields(state: &Self::State) -> &'static [&'static str];

    /// Reads variant `index`'s leaves from a sequence (`None` past the list).
    fn deserialize_leaves<A: SeqAccess<'de>>(
        index: usize,
        leaves: &mut SeqLeaves<'_, A>,
    ) -> Result<Option<Self::Value>, A::Error>;

    /// Whether the chosen variant takes a key no leaf claims, and how.
    fn rest_claim(state: &mut Self::State, key: &RestKey<'de>) -> RestClaim;

    /// Offers a key no leaf claims to the chosen variant's catch-all.
    fn deserialize_rest<M: MapAccess<'de>>(
        state: &mut Self::State,
        key: RestKey<'de>,
        map: &mut M,
    ) -> Result<bool, M::Error>;

    /// Reads the chosen variant from entries held for it: its own map, as serde's derive reads
    /// a variant from the entries its enum collected ([`FlattenDeserialize::fill_held`]).
    fn fill_held<E: de::Error>(state: &mut Self::State, held: &mut HeldMap<'de>) -> Result<(), E>;
}

/// A list of variant trees: the tree `T`, then the list `Rest`.
pub struct VariantTree<T, Rest>(PhantomData<fn() -> (T, Rest)>);

/// The end of a list of variant trees; as a state or a value, it cannot exist.
pub enum NoVariant {}

/// Which variant of a list was chosen: this one, or one later in the list.
pub enum Chosen<T, Rest> {
    /// The list's first variant.
    This(T),
    /// A variant of the rest of the list.
    Later(Rest),
}

impl<T: FlattenFields, Rest: VariantFields> VariantFields for VariantTree<T, Rest> {
    const LEN: usize = T::LEN + Rest::LEN;
    const DENY_UNKNOWN_FIELDS_FLATTENED: bool =
        T::READ.deny_unknown_fields_flattened || Rest::DENY_UNKNOWN_FIELDS_FLATTENED;
    const CATCH_ALL: bool = T::READ.catch_all || Rest::CATCH_ALL;
    const SERDE_ORDER: bool = T::READ.serde_order || Rest::SERDE_ORDER;
    const ALIASED: bool = has_aliases(T::NAME_TREE) || Rest::ALIASED;

    #[inline]
    fn slot_of(key: &str) -> Option<usize> {
        match T::slot_of(key) {
            Some(slot) => Some(slot),
            None => Rest::slot_of(key).map(|slot| T::LEN + slot),
        }
    }

    #[inline]
    fn slot_name(slot: usize) -> Option<&'static str> {
        if slot < T::LEN {
            T::slot_name(slot)
        } else {
            Rest::slot_name(slot - T::LEN)
        }
    }
}

impl<'de, T, Rest> VariantTrees<'de> for VariantTree<T, Rest>
where
    T: FlattenDeserialize<'de>,
    Rest: VariantTrees<'de>,
{
    type State = Chosen<T::State, Rest::State>;
    type Value = Chosen<T, Rest::Value>;

    #[inline]
    fn new_state(index: usize) -> Option<Self::State> {
        match index.checked_sub(1) {
            None => Some(Chosen::This(T::new_state())),
            Some(later) => Rest::new_state(later).map(Chosen::Later),
        }
    }

    #[inline]
    fn deliver<E: FlattenFields, M: MapAccess<'de>>(
        state: &mut Self::State,
        slot: usize,
        offset: usize,
        map: &mut M,
    ) -> Result<(), M::Error> {
        match state {
            Chosen::This(state) => deliver_to_variant::<E, T, M>(state, slot, offset, map),
            Chosen::Later(rest) => Rest::deliver::<E, M>(rest, slot, offset + T::LEN, map),
        }
    }

    #[inline]
    fn owns<E: FlattenFields>(state: &Self::State, slot: usize, offset: usize) -> bool {
        match state {
            Chosen::This(state) => variant_owns::<E, T>(state, slot, offset),
            Chosen::Later(rest) => Rest::owns::<E>(rest, slot, offset + T::LEN),
        }
    }

    #[inline]
    fn finish<E: de::Error>(state: Self::State) -> Result<Self::Value, E> {
        match state {
            Chosen::This(state) => T::finish(state).map(Chosen::This),
            Chosen::Later(rest) => Rest::finish(rest).map(Chosen::Later),
        }
    }

    fn fields(state: &Self::State) -> &'static [&'static str] {
        match state {
            Chosen::This(_) => T::FIELDS,
            Chosen::Later(rest) => Rest::fields(rest),
        }
    }

    fn deserialize_leaves<A: SeqAccess<'de>>(
        index: usize,
        leaves: &mut SeqLeaves<'_, A>,
    ) -> Result<Option<Self::Value>, A::Error> {
        match index.checked_sub(1) {
            None => T::deserialize_leaves(leaves).map(|value| Some(Chosen::This(value))),
            Some(later) => Ok(Rest::deserialize_leaves(later, leaves)?.map(Chosen::Later)),
        }
    }

    #[inline]
    fn rest_claim(state: &mut Self::State, key: &RestKey<'de>) -> RestClaim {
        match state {
            Chosen::This(state) if alias_slot::<T>(Self::ALIASED, state, key).is_some() => {
                RestClaim::Named
            }
            Chosen::This(state) => T::rest_claim(state, key),
            Chosen::Later(rest) => Rest::rest_claim(rest, key),
        }
    }

    #[inline]
    fn deserialize_rest<M: MapAccess<'de>>(
        state: &mut Self::State,
        key: RestKey<'de>,
        map: &mut M,
    ) -> Result<bool, M::Error> {
        match state {
            Chosen::This(state) => match alias_slot::<T>(Self::ALIASED, state, &key) {
                Some(slot) => T::deserialize_slot(state, slot, map).map(|()| true),
                None => T::deserialize_rest(state, key, map),
            },
            Chosen::Later(rest) => Rest::deserialize_rest(rest, key, map),
        }
    }

    fn fill_held<E: de::Error>(state: &mut Self::State, held: &mut HeldMap<'de>) -> Result<(), E> {
        match state {
            Chosen::This(state) => T::fill_held::<E>(state, held, HeldMode::View),
            Chosen::Later(rest) => Rest::fill_held::<E>(rest, held),
        }
    }
}

impl VariantFields for NoVariant {
    const LEN: usize = 0;
    const DENY_UNKNOWN_FIELDS_FLATTENED: bool = false;
    const CATCH_ALL: bool = false;
    const SERDE_ORDER: bool = false;
    const ALIASED: bool = false;

    #[inline(always)]
    fn slot_of(_key: &str) -> Option<usize> {
        None
    }

    #[inline(always)]
    fn slot_name(_slot: usize) -> Option<&'static str> {
        None
    }
}

impl<'de> VariantTrees<'de> for NoVariant {
    type State = NoVariant;
    type Value = NoVariant;

    #[inline(always)]
    fn new_state(_index: usize) -> Option<NoVariant> {
        None
    }

    #[inline(always)]
    fn deliver<E: FlattenFields, M: MapAccess<'de>>(
        state: &mut NoVariant,
        _slot: usize,
        _offset: usize,
        _map: &mut M,
    ) -> Result<(), M::Error> {
        match *state {}
    }

    #[inline(always)]
    fn owns<E: FlattenFields>(state: &NoVariant, _slot: usize, _offset: usize) -> bool {
        match *state {}
    }

    #[inline(always)]
    fn finish<E: de::Error>(state: NoVariant) -> Result<NoVariant, E> {
        match state {}
    }

    fn fields(state: &NoVariant) -> &'static [&'static str] {
        match *state {}
    }

    #[inline(always)]
    fn deserialize_leaves<A: SeqAccess<'de>>(
        _index: usize,
        _leaves: &mut SeqLeaves<'_, A>,
    ) -> Result<Option<NoVariant>, A::Error> {
        Ok(None)
    }

    #[inline(always)]
    fn rest_claim(state: &mut NoVariant, _key: &RestKey<'de>) -> RestClaim {
        match *state {}
    }

    #[inline(always)]
    fn deserialize_rest<M: MapAccess<'de>>(
        state: &mut NoVariant,
        _key: RestKey<'de>,
        _map: &mut M,
    ) -> Result<bool, M::Error> {
        match *state {}
    }

    fn fill_held<E: de::Error>(state: &mut NoVariant, _held: &mut HeldMap<'de>) -> Result<(), E> {
        match *state {}
    }
}

/// The slot of `key` in the flattened internally tagged enum whose tag is `tag` and whose
/// variants are `L`: 0 for the tag, the variants' leaves from 1.
#[inline]
pub fn internal_slot_of<L: VariantFields>(tag: &str, key: &str) -> Option<usize> {
    if key == tag {
        return Some(0);
    }
    let leaf = L::slot_of(key)?;
    // An alias is read by its text ([`InternalState::rest_claim`]): held before the tag, a
    // slot would keep only the name of the first variant's leaf.
    if L::ALIASED && L::slot_name(leaf) != Some(key) {
        return None;
    }
    Some(1 + leaf)
}

/// The name of slot `slot` of a flattened internally tagged enum ([`internal_slot_of`]).
#[inline]
pub fn internal_slot_name<L: VariantFields>(
    tag: &'static str,
    slot: usize,
) -> Option<&'static str> {
    match slot.checked_sub(1) {
        None => Some(tag),
        Some(leaf) => L::slot_name(leaf),
    }
}

/// The state of a flattened internally tagged enum `E`.
pub enum InternalState<'de, E: FlattenInternal<'de>> {
    /// No tag yet: the values of variant leaves read so far, and the entries no leaf claims
    /// (for the chosen variant's catch-all, under the slot `REST`).
    Pending(HeldLeaves<'de>, PhantomData<fn() -> E>),
    /// The variant the tag chose.
    Chosen(<E::Trees as VariantTrees<'de>>::State),
}

/// Where the variants' leaves start among the enum's slots (after the tag).
const FIRST_LEAF: usize = 1;

impl<'de, E: FlattenInternal<'de>> InternalState<'de, E> {
    /// Nothing read.
    #[inline]
    pub fn new() -> Self {
        InternalState::Pending(HeldLeaves::default(), PhantomData)
    }

    /// Whether nothing was read.
    #[inline]
    pub fn is_empty(&self) -> bool {
        match self {
            InternalState::Pending(held, _) => held_is_empty(held),
            InternalState::Chosen(_) => false,
        }
    }

    /// Whether slot `slot` is still to read: the tag always (a second one is an error), any
    /// leaf before the tag, and the chosen variant's leaves after it.
    #[inline]
    pub fn owns(&self, slot: usize) -> bool {
        if slot == 0 {
            return true;
        }
        match self {
            InternalState::Pending(..) => true,
            InternalState::Chosen(state) => E::Trees::owns::<E>(state, slot, FIRST_LEAF),
        }
    }

    /// Reads the map's next value into slot `slot`: the tag chooses the variant and hands it
    /// what was held; a leaf is held or given to the chosen variant.
    #[inline]
    pub fn deserialize_slot<M: MapAccess<'de>>(
        &mut self,
        slot: usize,
        map: &mut M,
    ) -> Result<(), M::Error> {
        if slot != 0 {
            return self.deliver(slot, map);
        }
        let pending = matches!(self, InternalState::Pending(..));
        let index = read_tag::<E, M>(!pending, E::TAG, map)?;
        let chosen = E::Trees::new_state(index).ok_or_else(variant_out_of_range)?;
        let before = core::mem::replace(self, InternalState::Chosen(chosen));
        #[cfg(feature = "alloc")]
        if let InternalState::Pending(held, _) = before {
            // Nothing held when the tag came first: no iterator is made, whose drop LLVM
            // leaves out of line (3% of `status`'s time on rmp-serde).
            if held.is_empty() {
                return Ok(());
            }
            for (slot, value) in held {
                if slot == REST {
                    self.deliver_rest::<M::Error>(value)?;
                } else {
                    self.deliver(slot, &mut HeldValue::<M::Error>::new(value))?;
                }
            }
        }
        #[cfg(not(feature = "alloc"))]
        let _ = before;
        Ok(())
    }

    #[inline]
    fn deliver<M: MapAccess<'de>>(&mut self, slot: usize, map: &mut M) -> Result<(), M::Error> {
        match self {
            InternalState::Pending(held, _) => hold_leaf(held, slot, map),
            InternalState::Chosen(state) => E::Trees::deliver::<E, M>(state, slot, FIRST_LEAF, map),
        }
    }

    /// An entry no leaf claimed before the tag ([`REST`]), to the chosen variant: to the leaf
    /// an alias names, else to its catch-all. An alias the variant does not read is serde's
    /// "unknown field" error where the variant denies unknown fields, as another variant's leaf.
    #[cfg(feature = "alloc")]
    fn deliver_rest<Er: de::Error>(&mut self, entry: Content<'de>) -> Result<(), Er> {
        let (InternalState::Chosen(state), Content::Map(mut entry)) = (self, entry) else {
            return Ok(());
        };
        let Some((key, value)) = entry.pop() else {
            return Ok(());
        };
        let key = crate::flatten::held_map::rest_key(&key);
        let alias = Self::names_variant_leaf(&key);
        if alias && const { E::READ.deny_unknown_fields_flattened } {
            // The error needs the key after it is given away.
            let text = alloc::string::String::from(key.as_name().unwrap_or(""));
            if !E::Trees::deserialize_rest(state, key, &mut HeldValue::<Er>::new(value))? {
                return Err(Er::unknown_field(&text, E::Trees::fields(state)));
            }
            return Ok(());
        }
        E::Trees::deserialize_rest(state, key, &mut HeldValue::<Er>::new(value)).map(drop)
    }

    /// Whether `key`, which no slot claims, is a leaf of some variant read under an alias
    /// (or a leaf of a flattened type inside a variant that reads its own aliases by text).
    #[inline]
    fn names_variant_leaf(key: &RestKey<'de>) -> bool {
        <E::Trees as VariantFields>::ALIASED
            && key.as_name().is_some_and(|name| reads(E::NAME_TREE, name))
    }

    /// The enum, once the map has ended: serde's "missing field" for the tag when there was
    /// none.
    #[inline]
    pub fn finish<Er: de::Error>(self) -> Result<E, Er> {
        match self {
            InternalState::Pending(..) => Err(Er::missing_field(E::TAG)),
            InternalState::Chosen(state) => E::from_tree(E::Trees::finish(state)?),
        }
    }

    /// Whether a key no leaf claims is taken: by the chosen variant's catch-all, if it has one;
    /// before the tag, held where some variant has one ([`deserialize_rest`](Self::deserialize_rest)).
    /// An alias of a variant's leaf comes here too ([`internal_slot_of`]): held with its text
    /// before the tag, given to the chosen variant's leaf after it.
    #[inline]
    pub fn rest_claim(&mut self, key: &RestKey<'de>) -> RestClaim {
        match self {
            InternalState::Chosen(state) => E::Trees::rest_claim(state, key),
            InternalState::Pending(..) if Self::names_variant_leaf(key) => RestClaim::Named,
            InternalState::Pending(..) if const { E::READ.catch_all } => RestClaim::All,
            InternalState::Pending(..) => RestClaim::No,
        }
    }

    /// A key no leaf claims: the chosen variant's catch-all takes it. Before the tag it is held
    /// where some variant has a catch-all, and given to the chosen variant's once the tag comes
    /// (as serde's flatten hands the variant every entry); a variant without one drops it.
    #[inline]
    pub fn deserialize_rest<M: MapAccess<'de>>(
        &mut self,
        key: RestKey<'de>,
        map: &mut M,
    ) -> Result<bool, M::Error> {
        match self {
            InternalState::Chosen(state) => E::Trees::deserialize_rest(state, key, map),
            InternalState::Pending(held, _) if Self::names_variant_leaf(&key) => {
                hold_alias(held, key, map)
            }
            InternalState::Pending(held, _) if const { E::READ.catch_all } => {
                hold_rest(held, key, map)
            }
            InternalState::Pending(..) => Ok(false),
        }
    }
}

/// [`FlattenDeserialize::fill_held`] of a flattened internally tagged enum, in a tree read in
/// serde's order. When some variant is read in serde's order itself, as serde's derive reads
/// it: the tag from the entries the enum views, then the chosen variant from a copy of them
/// without the tag, as from a map of its own (serde collects them into one), so that a
/// catch-all before a flattened field of the variant also receives that field's keys. Otherwise
/// entry by entry, as from a live map.
pub fn internal_fill_held<'de, E, Er>(
    state: &mut InternalState<'de, E>,
    held: &mut HeldMap<'de>,
    mode: HeldMode,
) -> Result<(), Er>
where
    E: FlattenInternal<'de> + FlattenDeserialize<'de, State = InternalState<'de, E>>,
    Er: de::Error,
{
    #[cfg(feature = "alloc")]
    if <E::Trees as VariantFields>::SERDE_ORDER && state.is_empty() {
        let Some(index) = held.view_named::<_, Er>(E::TAG, VariantSeed::<E, _>::identifier())?
        else {
            return Ok(());
        };
        let mut chosen = E::Trees::new_state(index).ok_or_else(variant_out_of_range)?;
        let mut variant = held.view_rest(tag_slot::<E>);
        E::Trees::fill_held::<Er>(&mut chosen, &mut variant)?;
        held.mark_used_from(&variant);
        *state = InternalState::Chosen(chosen);
        return Ok(());
    }
    held.fill::<E, Er>(state, mode, None)
}

/// The tag as the one own leaf of a flattened internally tagged enum `E`, for
/// [`HeldMap::view_rest`].
#[cfg(feature = "alloc")]
fn tag_slot<'de, E: FlattenInternal<'de>>(key: &str) -> Option<usize> {
    (key == E::TAG).then_some(0)
}

impl<'de, E: FlattenInternal<'de>> Default for InternalState<'de, E> {
    fn default() -> Self {
        Self::new()
    }
}

/// Reads a flattened internally tagged enum from a sequence of leaves: the tag, then the
/// variant's leaves.
pub fn internal_leaves<'de, E, A>(leaves: &mut SeqLeaves<'_, A>) -> Result<E, A::Error>
where
    E: FlattenInternal<'de>,
    A: SeqAccess<'de>,
{
    let Some(index) = leaves.next_leaf_seed(VariantSeed::<E, _>::str())? else {
        return Err(leaves.invalid_length());
    };
    match E::Trees::deserialize_leaves(index, leaves)? {
        Some(value) => E::from_tree(value),
        None => Err(variant_out_of_range()),
    }
}

/// The values of a flattened internally tagged enum's variant that came before the tag: the
/// slot each key names (in the first variant that has it), and the value.
#[cfg(feature = "alloc")]
type HeldLeaves<'de> = Vec<(usize, Content<'de>)>;

/// Without a heap nothing is held: a leaf before the tag is an error ([`hold_leaf`]).
#[cfg(not(feature = "alloc"))]
type HeldLeaves<'de> = PhantomData<&'de ()>;

/// The slot under which an entry no leaf claims is held before the tag of a flattened
/// internally tagged enum whose variants have a catch-all: the entry, as a map of one entry,
/// goes to the chosen variant's catch-all. Beside the leaves, so that the enums without a
/// catch-all (and every tag-first read) carry nothing more.
#[cfg(feature = "alloc")]
const REST: usize = usize::MAX;

/// Holds the map's next value under `key` until the tag comes ([`REST`]).
#[cfg(feature = "alloc")]
fn hold_rest<'de, M: MapAccess<'de>>(
    held: &mut HeldLeaves<'de>,
    key: RestKey<'de>,
    map: &mut M,
) -> Result<bool, M::Error> {
    let value = map.next_value_seed(ContentVisitor(PhantomData))?;
    held.push((REST, Content::Map(alloc::vec![(Content::from(key), value)])));
    Ok(true)
}

/// Without a heap a key no leaf claims before the tag is dropped.
#[cfg(not(feature = "alloc"))]
fn hold_rest<'de, M: MapAccess<'de>>(
    _held: &mut HeldLeaves<'de>,
    _key: RestKey<'de>,
    _map: &mut M,
) -> Result<bool, M::Error> {
    Ok(false)
}

/// Holds the map's next value under `key`, an alias of some variant's leaf, until the tag
/// comes ([`REST`]). Without a heap it cannot be held, as any leaf before the tag.
fn hold_alias<'de, M: MapAccess<'de>>(
    held: &mut HeldLeaves<'de>,
    key: RestKey<'de>,
    map: &mut M,
) -> Result<bool, M::Error> {
    #[cfg(feature = "alloc")]
    return hold_rest(held, key, map);
    #[cfg(not(feature = "alloc"))]
    {
        let _ = (held, key, map);
        Err(M::Error::custom(crate::needs_alloc::LATE_TAG))
    }
}

#[cfg(feature = "alloc")]
#[inline]
fn held_is_empty(held: &HeldLeaves<'_>) -> bool {
    held.is_empty()
}

#[cfg(not(feature = "alloc"))]
#[inline]
fn held_is_empty(_: &HeldLeaves<'_>) -> bool {
    true
}

/// Without a heap, a leaf before the tag cannot be held.
#[cfg(not(feature = "alloc"))]
#[cold]
fn hold_leaf<'de, M: MapAccess<'de>>(
    _held: &mut HeldLeaves<'de>,
    _slot: usize,
    _map: &mut M,
) -> Result<(), M::Error> {
    Err(M::Error::custom(crate::needs_alloc::LATE_TAG))
}

/// Holds the map's next value for the slot `slot`, until the tag comes.
#[cfg(feature = "alloc")]
#[inline]
fn hold_leaf<'de, M: MapAccess<'de>>(
    held: &mut HeldLeaves<'de>,
    slot: usize,
    map: &mut M,
) -> Result<(), M::Error> {
    let value = map.next_value_seed(ContentVisitor(PhantomData))?;
    reserve_held(held, map.size_hint());
    held.push((slot, value));
    Ok(())
}

/// Reads the tag of a flattened internally tagged enum (the variant's index); a second tag is
/// serde's "duplicate field".
#[inline]
fn read_tag<'de, E: Variants, M: MapAccess<'de>>(
    tag_seen: bool,
    tag: &'static str,
    map: &mut M,
) -> Result<usize, M::Error> {
    if tag_seen {
        return Err(M::Error::duplicate_field(tag));
    }
    map.next_value_seed(VariantSeed::<E, _>::identifier())
}

/// Gives the map's next value, for the leaf `slot` of the flattened internally tagged enum `E`,
/// to the variant the tag chose: the tree `T`, whose leaves are `E`'s slots from `offset`. A
/// slot of another variant is looked up again by name in `T` (variants share field names, and
/// `E`'s lookup names the first variant that has one); a name `T` lacks is skipped, or is
/// serde's "unknown field" error when the tree denies unknown fields.
#[inline]
fn deliver_to_variant<'de, E, T, M>(
    state: &mut T::State,
    slot: usize,
    offset: usize,
    map: &mut M,
) -> Result<(), M::Error>
where
    E: FlattenFields,
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    let own = slot.wrapping_sub(offset);
    if own < T::LEN {
        return T::deserialize_slot(state, own, map);
    }
    let name = E::slot_name(slot).unwrap_or("");
    if let Some(own) = T::slot_of(name) {
        return T::deserialize_slot(state, own, map);
    }
    // Another variant's leaf, read before the tag: no leaf of this variant claims it, so its
    // catch-all takes it, as serde's flatten hands the chosen variant every entry (or a part of
    // it that reads the name as an alias).
    if const { T::READ.catch_all } || const { T::READ.aliases_by_text } {
        let key = RestKey::Borrowed(name);
        if T::rest_claim(state, &key) != RestClaim::No && T::deserialize_rest(state, key, map)? {
            return Ok(());
        }
    }
    skip_other_variant_key(
        const { E::READ.deny_unknown_fields_flattened },
        name,
        T::FIELDS,
        map,
    )
}

/// Whether the variant the tag chose (the tree `T`, from `offset`) has the leaf `slot` of the
/// flattened internally tagged enum `E` still to read, by slot or, for another variant's
/// slot, by name ([`deliver_to_variant`]).
#[inline]
fn variant_owns<'de, E, T>(state: &T::State, slot: usize, offset: usize) -> bool
where
    E: FlattenFields,
    T: FlattenDeserialize<'de>,
{
    let own = slot.wrapping_sub(offset);
    if own < T::LEN {
        return T::owns(state, own);
    }
    match E::slot_name(slot).and_then(T::slot_of) {
        Some(own) => T::owns(state, own),
        None => false,
    }
}

/// Skips the map's next value, or reports serde's "unknown field" error for `key` when the
/// tree denies unknown fields: a key of another variant than the one the tag chose.
#[inline]
fn skip_other_variant_key<'de, M: MapAccess<'de>>(
    deny_unknown_fields: bool,
    key: &str,
    names: &'static [&'static str],
    map: &mut M,
) -> Result<(), M::Error> {
    if deny_unknown_fields {
        return Err(M::Error::unknown_field(key, names));
    }
    map.next_value::<IgnoredAny>().map(drop)
}

/// The leaf of the chosen variant `T` that `key` names, when the enum's variants read aliases by
/// text (`aliased`) and `T` still has that leaf to read.
#[inline]
fn alias_slot<'de, T: FlattenDeserialize<'de>>(
    aliased: bool,
    state: &T::State,
    key: &RestKey<'de>,
) -> Option<usize> {
    if !aliased {
        return None;
    }
    let slot = T::slot_of(key.as_name()?)?;
    (!T::CHOOSES || T::owns(state, slot)).then_some(slot)
}
