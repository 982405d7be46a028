# cmake file for Fusebox on a Raspberry Pi Pico: RPI_PICO plus a 256 KB ROMFS partition
# (the flash map is in mpconfigboard.h). Build from MicroPython's source:
#   make -C ports/rp2 BOARD_DIR=/path/to/fusebox/boards/micropython/FUSEBOX_PICO
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")

# The filesystem exactly as stock (1408 KB at the top of flash), not overridable: moving it
# would lose a board's files when this firmware is flashed over stock.
set(MICROPY_HW_FLASH_STORAGE_BYTES 1441792)  # 1408 * 1024

# Read by MicroPython after v1.28.0, which gives the ROMFS its own linker region; v1.28.0 takes
# the size from mpconfigboard.h. Keep the two equal.
set(MICROPY_HW_ROMFS_BYTES 262144)  # 256 * 1024

# Where the ROMFS starts, as an offset in flash: 0x060000.
math(EXPR FUSEBOX_ROMFS_START "2 * 1024 * 1024 - ${MICROPY_HW_FLASH_STORAGE_BYTES} - ${MICROPY_HW_ROMFS_BYTES}")

# After linking: fail the build, and remove its .uf2/.bin/.hex, when the image ends past the
# ROMFS start. The firmware target is only defined later in ports/rp2/CMakeLists.txt, so the
# step is added once that file has been read (cmake_language(DEFER), CMake 3.19).
function(fusebox_check_romfs)
    add_custom_command(TARGET ${MICROPY_TARGET} POST_BUILD
        COMMAND ${CMAKE_COMMAND}
            -DNM=${CMAKE_NM}
            -DELF=$<TARGET_FILE:${MICROPY_TARGET}>
            -DROMFS_START=${FUSEBOX_ROMFS_START}
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/check_romfs.cmake
        VERBATIM
    )
endfunction()
if(CMAKE_VERSION VERSION_LESS 3.19)
    message(WARNING "FUSEBOX_PICO: CMake < 3.19 cannot add the ROMFS overlap check; run "
        "`python -m tools firmware check build-FUSEBOX_PICO/firmware.elf` after the build")
else()
    cmake_language(DEFER CALL fusebox_check_romfs)
endif()
