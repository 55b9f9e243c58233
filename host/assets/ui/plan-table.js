// The plan table: one row per file, grouped by destination (docs/UI.md).
