//! untagged
