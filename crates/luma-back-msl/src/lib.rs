//! Metal Shading Language 2.4 back end.
