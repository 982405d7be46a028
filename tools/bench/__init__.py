"""The benchmarks: the product's figures (`make bench`), one module a subject; no pass/fail."""
