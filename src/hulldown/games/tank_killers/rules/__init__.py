"""Tank Killers' rules, one module per chapter of docs/rules/tank-killers.md (each a mixin of the state)."""
