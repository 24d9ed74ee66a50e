//! Whole-pipeline tests live in `tests/`: each back end runs the corpus through its validators there.
