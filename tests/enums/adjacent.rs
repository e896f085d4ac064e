//! adjacent
