"""Fusebox's version: About shows it, pyproject.toml reads it, a release names its files by it."""

VERSION = "0.5.0"
