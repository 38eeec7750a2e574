//! Chakra tests.
