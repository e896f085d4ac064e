//! flattened
