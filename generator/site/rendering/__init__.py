"""Rendering: the sandbox, the views, the page audit, and the words, blocks, tables,
figures and terms templates show."""
