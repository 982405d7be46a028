"""What the virtual board's interpreter runs at each (re)start, before its REPL: the flash
folder made the filesystem root, then boot.py and main.py as a board runs them."""

# Runs in every fresh interpreter before its REPL starts: the folder becomes the root of the
# filesystem (so ":/main.py" and ":main.py" both land in the flash folder, never on the host)
# and sys.path looks like a Pico's. VfsPosix with a root builds both paths of rename() in one
# buffer, so two absolute paths clash (ENOENT); `os` is swapped for a copy whose rename passes
# the first one relative to the current folder, so renames behave as on littlefs. Its
# ilistdir gives no sizes (mpremote's `fs ls` would say 0): the copy adds them, as littlefs does.
# Its statvfs would tell the host's disk: the copy tells a flash of {size} bytes in 4 KB blocks
# (a Pico's filesystem by default), less what the folder holds, each file and folder rounded up
# to whole blocks as littlefs stores them.
BOOT = """import os, sys
os.umount('/')
os.mount(os.VfsPosix({flash!r}), '/')
os.chdir('/')
sys.path[:] = ['', '.frozen', '/lib']
def _fix(real):
    class OS:
        pass
    m = OS()
    for k in dir(real):
        setattr(m, k, getattr(real, k))
    def rename(a, b):
        if a[:1] == '/' and b[:1] == '/':
            a = '../' * len([p for p in real.getcwd().split('/') if p]) + a[1:]
        real.rename(a, b)
    def ilistdir(p='.'):
        for e in real.ilistdir(p):
            n = 0 if e[1] == 0x4000 else real.stat(p + '/' + e[0])[6]
            yield (e[0], e[1], e[2], n)
    def used(p):
        n = 4096
        for e in real.ilistdir(p):
            q = p + '/' + e[0]
            n += used(q) if e[1] == 0x4000 else (real.stat(q)[6] + 4095) // 4096 * 4096
        return n
    def statvfs(p='/'):
        total = {size} // 4096
        free = max(0, total - used('/') // 4096)
        return (4096, 4096, total, free, free, 0, 0, 0, 0, 255)
    m.rename = rename
    m.ilistdir = ilistdir
    m.statvfs = statvfs
    sys.modules['os'] = m
_fix(os)
del os, sys, _fix
"""

# After a power-on or a soft reset from the friendly REPL a board runs boot.py, then main.py;
# after one from the raw REPL (mpremote's) only boot.py. An error is printed and the REPL
# follows, as on a board; SystemExit also lands in the REPL here (a board would reset and run
# main.py again, which would spin a main.py that exits at once).
RUN = """
def _run(names):
    import sys
    for n in names:
        try:
            src = open(n).read()
        except OSError:
            continue
        try:
            exec(src, {{'__name__': '__main__'}})
        except SystemExit:
            pass
        except BaseException as e:
            sys.print_exception(e)
_run({names!r})
del _run
"""
