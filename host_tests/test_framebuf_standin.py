"""Pure-Python framebuf stand-in against the unix port's real framebuf, op by op, byte by byte."""

from hypothesis import given

from host_tests.support.framebuf_cases import (
    BATCH,
    FAST,
    GS4,
    RGB,
    constructor_outcomes,
    draw_on_a_subclass,
    glyphs,
    same,
    sweeps,
)
from tools.sim.cpython import pyframebuf


@FAST
@given(BATCH)
def test_pure_module_draws_like_micropython(batch):
    same(pyframebuf, batch)


def test_pure_module_sweeps_like_micropython():
    same(pyframebuf, sweeps())


def test_pure_module_draws_every_glyph_0_255_like_micropython():
    same(pyframebuf, glyphs(range(256)))


def test_pure_module_draws_the_st7789_palette_strips_like_micropython():
    """The ST7789 driver's show(): palette blits of the GS4 frame into an RGB565 strip."""
    pal, frame = (RGB, 16, 1, None, 7), (GS4, 240, 135, None, 3)
    strips = [("blit", frame, 0, -y, -1, pal) for y in range(0, 135, 8)]
    same(pyframebuf, [((RGB, 240, 8, None, 0), strips)])


def test_constructor_accepts_and_refuses_like_micropython():
    ours, real = constructor_outcomes(pyframebuf)
    assert ours == real


def test_a_display_subclass_sets_its_fields_first_and_draws_in_place():
    draw_on_a_subclass(pyframebuf)
