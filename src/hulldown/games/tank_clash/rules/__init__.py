"""Tank Clash's rules, one module per chapter of docs/rules/tank-clash.md (each a mixin of the state)."""
