"""The rules of Tank Hunter, one module per chapter of docs/rules/tank-hunter.md."""
