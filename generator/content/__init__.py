"""Reading content files (rule sets, scenarios, pages) into typed objects.

Everything here reports bad input as a `ContentError` naming file and line;
nothing past this package sees a loose string where a type belongs.
"""
