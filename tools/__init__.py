"""Fusebox's host side, a package a job (docs/architecture.md has the map); CPython only.

tools.runtimes.ROOT is the folder that holds core/, firmware/, boards/ and tools/ (the checkout,
or site-packages after a `pip install`): every tool finds the device's files from it.
"""
