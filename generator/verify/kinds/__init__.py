"""The scenario kinds: one module each, found by `generator.verify.kind.scenario_kinds()`."""
