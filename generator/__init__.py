"""belote-site: a Belote rules engine and the multilingual rules site built on it."""

__version__ = "0.1.0"
