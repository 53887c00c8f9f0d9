"""Helpers for the site and translation tests: project copies, one shared build, HTML reading."""
