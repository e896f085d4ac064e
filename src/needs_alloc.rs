//! What a build without the `alloc` feature reports where the input asks it to hold a value:
//! every such error text, in one place. Each is a run-time error of the read (never a panic);
//! inputs that hold nothing read exactly as with `alloc`.

/// An internally tagged enum whose tag is not the first key: the entries before it would be
/// held until the tag says which variant reads them.
pub(crate) const LATE_TAG: &str = "serde_fastkit: a key before the tag of an internally tagged \
    enum needs the `alloc` feature (the entries before the tag are held); write the tag first";

/// An adjacently tagged enum whose content comes before its tag.
pub(crate) const CONTENT_BEFORE_TAG: &str = "serde_fastkit: the content of an adjacently tagged \
    enum before its tag needs the `alloc` feature (the content is held); write the tag first";

/// A key the format hands over only for the duration of a call, on its way to a catch-all.
pub(crate) const TRANSIENT_KEY: &str = "serde_fastkit: a catch-all's key that the format does \
    not lend from the input needs the `alloc` feature (the key is copied)";

/// A tree whose keys can go to more than one place (two catch-alls, a catch-all beside a
/// flattened struct), which is read in serde's order from held entries.
pub(crate) const SERDE_ORDER: &str = "serde_fastkit: a flattened tree whose keys can go to \
    more than one place (catch-alls) is read from held entries, which needs the `alloc` feature";

/// Writing a tree in which two catch-alls may hold one key: each key is written once, which
/// needs the set of keys written so far.
pub(crate) const SHARED_KEYS: &str = "serde_fastkit: writing a flattened tree whose catch-alls \
    may share a key needs the `alloc` feature (each key is written once)";
