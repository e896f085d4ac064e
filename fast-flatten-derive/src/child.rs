//! How a reading body reaches a flattened child: the type its traits are asked of, its state
//! in the parent's, and the calls of its `FlattenDeserialize`, each spanned at the field's type.
//!
//! A flattened type without `FlattenDeserialize` is then one error, at the field: every use of
//! the child's trait or state is checked at the same span (the state struct's field, each
//! call, each binding of its state), and the compiler reports an error at one span once.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::Ident;

use crate::bound::Impl;
use crate::tree::{Member, Tree};
use crate::with_wrappers::WithWrapper;

/// The type a flattened member's state and reading are asked of: its `flat_ty`, or for a
/// `flatten, deserialize_with` field the buffered wrapper that calls the function.
pub fn child_ty(tree: &Tree, member: &Member) -> TokenStream {
    if member.attrs().deserialize_with().is_some() {
        let wrapper = WithWrapper::of_leaf(tree, member, Impl::Deserialize).read_type();
        return quote!(__fastkit::Buffered<#wrapper>);
    }
    let ty = &member.flat_ty;
    quote!(#ty)
}

/// `<Child as FlattenDeserialize<'de>>::item`, spanned at the field's type: the state struct
/// declares a child's state with it and every body calls the child through it
/// ([`child_call`]). A child type without the trait is then one error, at the field: the
/// compiler reports an error at one span once. `'de` keeps the expansion's span: the expansion
/// declares it.
pub fn child_reader(tree: &Tree, member: &Member, item: &str) -> TokenStream {
    child_path(tree, member, item, None)
}

/// `<Child as FlattenDeserialize<'de>>::item::<generic>(args)`, the call spanned at the field's
/// type as [`child_reader`] is (the call's parentheses too: the compiler checks the method's
/// signature at the call).
pub fn child_call(
    tree: &Tree,
    member: &Member,
    item: &str,
    generic: Option<TokenStream>,
    args: TokenStream,
) -> TokenStream {
    let path = child_path(tree, member, item, generic);
    let (_, last) = member.ty_ends;
    quote_spanned!(last=> #path(#args))
}

/// `<Child as FlattenDeserialize<'de>>::item`, with `::<generic>` when given.
fn child_path(
    tree: &Tree,
    member: &Member,
    item: &str,
    generic: Option<TokenStream>,
) -> TokenStream {
    let ty = child_ty(tree, member);
    let de = quote!('de);
    let (first, last) = member.ty_ends;
    let item = syn::Ident::new(item, last);
    let item = match generic {
        Some(generic) => quote_spanned!(last=> #item::<#generic>),
        None => quote!(#item),
    };
    quote_spanned!(first=> <#ty as __fastkit::FlattenDeserialize<#de>>::#item)
}

/// How an expression of a reading impl's body borrows a member's progress in `__state` (`finish`
/// moves it out instead: [`Tree::take_child_state`]).
#[derive(Clone, Copy, PartialEq)]
pub enum Access {
    /// `&__state.__fieldN`
    Ref,
    /// `&mut __state.__fieldN`
    Mut,
}

impl Tree<'_> {
    /// `use_state` given a member's progress in the reading state (`__state`), taken as `access`
    /// says.
    ///
    /// A flattened child's state is bound by a pattern spanned at the field's type rather than
    /// read as `__state.__fieldN`: the compiler checks the child's `FlattenDeserialize` where it
    /// learns the state's type, so for a type without the trait that is the error at the field
    /// the state struct already reports (the compiler prints it once), not one per body at the
    /// derive. The block's value is `use_state`'s, never the state itself, whose type would be
    /// checked again at the block. The binding is spanned at the type too, so that it resolves
    /// where the type's tokens come from (a `macro_rules!` argument, say).
    pub fn with_state(
        &self,
        member: &Member,
        access: Access,
        use_state: impl FnOnce(TokenStream) -> TokenStream,
    ) -> TokenStream {
        let field = member.state_field();
        if !member.is_flatten() {
            return use_state(match access {
                Access::Ref => quote!(&__state.#field),
                Access::Mut => quote!(&mut __state.#field),
            });
        }
        let (first, last) = member.ty_ends;
        // The binding mode is spelled out rather than left to default binding modes, which
        // differ between editions; the place matched is the state itself. The binding by
        // reference spans the type (the compiler checks the state's type there too).
        let binding = Ident::new("__child_state", last);
        let (mode, source) = match access {
            Access::Ref => (quote_spanned!(first=> ref), quote!(*__state)),
            Access::Mut => (quote_spanned!(first=> ref mut), quote!(*__state)),
        };
        let pattern = self.child_state_pattern(member, quote!(#mode #binding));
        let value = use_state(match access {
            Access::Ref => quote_spanned!(first=> &*#binding),
            Access::Mut => quote_spanned!(first=> &mut *#binding),
        });
        // In parentheses: a block at the start of a statement would end the expression.
        quote!(({ let #pattern = #source; #value }))
    }

    /// `let` statement moving a flattened child's state out of the owned `__state` into
    /// `binding` (an ident spanned at the type, [`Member::taken_state`]), bound by a pattern as
    /// [`Tree::with_state`] binds it; the binding is then used through [`child_state_use`].
    pub fn take_child_state(&self, member: &Member, binding: &Ident) -> TokenStream {
        let pattern = self.child_state_pattern(member, quote!(#binding));
        quote!(let #pattern = __state;)
    }

    /// `State::<..> { __fieldN: binding, .. }`: the pattern binding a flattened child's state.
    fn child_state_pattern(&self, member: &Member, binding: TokenStream) -> TokenStream {
        let state = &self.state;
        // The state's generic arguments as the impl names them, so that the compiler's message
        // names the child's trait as the state struct's does (`'de`, not `'_`).
        let generics = crate::bound::with_de_lifetime(&self.generics);
        let (_, arguments, _) = generics.split_for_impl();
        let arguments = arguments.as_turbofish();
        let field = Ident::new(&member.state_field().to_string(), member.ty_ends.0);
        quote!(#state #arguments { #field: #binding, .. })
    }
}

/// A use of a flattened child's state bound by value (`binding`, spanned at the type): moved, or
/// borrowed when `by_ref`. Each use spans the type from its first token to its last, since the
/// compiler checks the state's type where an expression of it is used: a call of `identity`, or
/// a borrow.
pub fn child_state_use(member: &Member, binding: &Ident, by_ref: bool) -> TokenStream {
    let (first, last) = member.ty_ends;
    if by_ref {
        return quote_spanned!(first=> &#binding);
    }
    let call = quote_spanned!(last=> (#binding));
    quote_spanned!(first=> __fastkit::identity #call)
}
