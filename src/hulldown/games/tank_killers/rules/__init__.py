"""Tank Killers' rules, one module per chapter of docs/rules/tank-killers.md.

Each chapter is a mixin of the state, declared a mypyc trait so that the compiled
build (``make compiled``) can combine them in one class.
"""
