"""Seedable random numbers that are the same on CPython and MicroPython, without heap use.

Two multiply-with-carry generators in base 2**15 (Marsaglia), combined. Every intermediate value
stays below 2**30, so on the RP2040 each draw works on small ints only and allocates nothing.
The multipliers make a*2**15 - 1 a safe prime, giving each generator a period of about 2**29;
their periods are distinct primes, so the pair repeats only after about 2**58 draws.
The state is four small ints, saved with the game so a resumed game draws the same numbers.
"""

from core import const

_A1 = const(32760)
_A2 = const(32730)
_LOW15 = const(0x7FFF)
MASK30 = const(0x3FFFFFFF)


class Rng:
    def __init__(self, seed=0):
        seed = seed & MASK30
        # Both carries start in 1..a-2, which keeps each generator off its two fixed points.
        self.x1 = seed & _LOW15
        self.c1 = 1 + (seed >> 15) % (_A1 - 2)
        self.x2 = (seed >> 15) & _LOW15
        self.c2 = 1 + (seed & _LOW15) % (_A2 - 2)
        for _ in range(8):
            self.bits30()

    def bits30(self):
        """The next 30 random bits, as an int in 0..2**30-1."""
        t = _A1 * self.x1 + self.c1
        self.x1 = t & _LOW15
        self.c1 = t >> 15
        t = _A2 * self.x2 + self.c2
        self.x2 = t & _LOW15
        self.c2 = t >> 15
        return (self.x1 << 15) | self.x2

    def below(self, n):
        """A uniform int in 0..n-1 (1 <= n < 2**30), unbiased by rejection."""
        if n < 1 or n > MASK30:
            raise ValueError("below(n) needs 1 <= n < 2**30")
        # 2**30 mod n, computed without forming 2**30 (a heap int on the board).
        rem = (MASK30 % n + 1) % n
        top = MASK30 - rem
        r = self.bits30()
        while r > top:
            r = self.bits30()
        return r % n

    def shuffle(self, items):
        """Fisher-Yates, in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def state(self):
        return [self.x1, self.c1, self.x2, self.c2]

    @classmethod
    def from_state(cls, state):
        """Rebuild from state(); raises ValueError on anything that is not a generator state."""
        if type(state) is not list or len(state) != 4:
            raise ValueError("rng state must be a list of 4 numbers")
        for v in state:
            if type(v) is not int:
                raise ValueError("rng state must be a list of 4 numbers")
        x1, c1, x2, c2 = state
        if not (0 <= x1 <= _LOW15 and 0 <= x2 <= _LOW15 and 0 <= c1 < _A1 and 0 <= c2 < _A2):
            raise ValueError("rng state out of range")
        r = object.__new__(cls)
        r.x1, r.c1, r.x2, r.c2 = x1, c1, x2, c2
        return r
