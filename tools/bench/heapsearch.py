"""The smallest MicroPython heap a workload runs in, for the benchmarks (host only).

Plain bisection assumes that a heap which works stays working when made bigger. MicroPython's
heap does not promise that: whether an allocation finds a gap depends on the layout, down to the
length of a path, so a workload can fail at 224 KB and run at 216 KB. smallest() bisects, then
checks every step of a band above its answer and moves the answer above any failure it finds:
the figure is a heap from which the workload ran at every step up to figure + band.
"""

BAND = 40  # KB above the answer that must all work


def smallest(works, lo=24, hi=512, step=4, band=BAND):
    """Smallest heap (KB, a multiple of step) from which works(kb) held at every step of the
    band above it; None when hi fails, or when no such heap is found below hi."""
    if not works(hi):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if works(mid):
            hi = mid
        else:
            lo = mid
    top = hi + band
    kb = h = hi
    while h <= top:
        if not works(h):
            kb = h + step  # a failure above the answer: the answer moves above it
            top = kb + band
        h += step
    return kb
