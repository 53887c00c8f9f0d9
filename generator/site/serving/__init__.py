"""Serving: `serve` and `serve --watch`."""
