"""Helpers the tests share: nothing here is a test, and nothing in tools/ imports it."""
