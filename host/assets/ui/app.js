// The window of `tidyup ui`: a view of the session the native host runs.
