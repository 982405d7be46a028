# Shared by every Fusebox board directory here (FUSEBOX_<PROFILE>/mpconfigboard.cmake includes
# it after setting FUSEBOX_PROFILE): MicroPython v1.28.0's RPI_PICO with the app frozen in and a
# small ROMFS partition for its data. Build with `python -m tools firmware build --board NAME`
# (tools/firmware/build.py), which also writes the ROMFS image the UF2 carries.
#
# Flash map (2 MB, offsets from the flash's start; the CPU sees it at 0x10000000):
#
#   0x000000 - 0x097FFF    608 KB  MicroPython with core/ and firmware/ frozen in
#   0x098000 - 0x09FFFF     32 KB  ROMFS at /rom: board.json, version.txt, the shipped rulesets
#   0x0A0000 - 0x1FFFFF   1408 KB  littlefs at "/": exactly stock MicroPython's, so flashing
#                                  Fusebox over stock MicroPython, or back, keeps a board's files
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")

# The filesystem exactly as stock (1408 KB at the top of flash), not overridable.
set(MICROPY_HW_FLASH_STORAGE_BYTES 1441792)  # 1408 * 1024
# Read by MicroPython after v1.28.0; v1.28.0 takes it from mpconfigboard.h (keep them equal).
set(MICROPY_HW_ROMFS_BYTES 32768)  # 32 * 1024
math(EXPR FUSEBOX_ROMFS_START "2 * 1024 * 1024 - ${MICROPY_HW_FLASH_STORAGE_BYTES} - ${MICROPY_HW_ROMFS_BYTES}")

# RPI_PICO's pin names: every profile here is a Pico's RP2040 (the Thumby's too).
set(MICROPY_BOARD_PINS "${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv")

# What is frozen: the port's own modules, the app, its entry (manifest.py). The app's core/ and
# firmware/ come from the checkout (this file's folder is boards/micropython/), or from the
# folder -DFUSEBOX_APP=DIR names (tools/firmware/build.py passes it: its tests build a changed app).
set(MICROPY_FROZEN_MANIFEST "${CMAKE_CURRENT_LIST_DIR}/manifest.py")
if(FUSEBOX_APP)
    set(MICROPY_MANIFEST_FUSEBOX_ROOT "${FUSEBOX_APP}")
else()
    get_filename_component(MICROPY_MANIFEST_FUSEBOX_ROOT "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
endif()
set(MICROPY_MANIFEST_FUSEBOX_BOARDS "${CMAKE_CURRENT_LIST_DIR}")

# After linking: fail the build, and remove its .uf2/.bin/.hex, when the image ends past the
# ROMFS start (v1.28.0's linker gives the firmware the whole 2 MB, so nothing else stops it).
# The firmware target is only defined later in ports/rp2/CMakeLists.txt: add the step once that
# file has been read (cmake_language(DEFER), CMake 3.19).
function(fusebox_check_image_end)
    add_custom_command(TARGET ${MICROPY_TARGET} POST_BUILD
        COMMAND ${CMAKE_COMMAND}
            -DNM=${CMAKE_NM}
            -DELF=$<TARGET_FILE:${MICROPY_TARGET}>
            -DROMFS_START=${FUSEBOX_ROMFS_START}
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/check_romfs.cmake
        VERBATIM
    )
endfunction()
cmake_minimum_required(VERSION 3.19)
cmake_language(DEFER CALL fusebox_check_image_end)
