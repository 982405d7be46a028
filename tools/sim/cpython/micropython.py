"""`micropython` for the firmware under CPython: const() and the no-op memory helpers."""


def const(x):
    return x


def opt_level(level=None):
    return 0


def mem_info(verbose=None):
    print("mem: CPython has no MicroPython heap")


def qstr_info(verbose=None):
    pass


def alloc_emergency_exception_buf(size):
    pass


def heap_lock():
    return 0


def heap_unlock():
    return 0


def kbd_intr(char):
    pass


def schedule(func, arg):
    func(arg)
