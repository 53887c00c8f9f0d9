"""The translators' workflow: extracting messages, managing catalogs, counting progress."""
