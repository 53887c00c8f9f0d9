"""The page kinds: one module each, found by `generator.site.page.page_kinds()`."""
