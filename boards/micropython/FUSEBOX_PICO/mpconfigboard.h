// Fusebox on a Raspberry Pi Pico: MicroPython's RPI_PICO board plus a 256 KB ROMFS partition,
// mounted at /rom, that holds the app's compiled code (`python -m tools deploy` writes it).
//
// Flash map (2 MB W25Q16, offsets from the flash's start; the CPU sees it at 0x10000000):
//
//   0x000000 - 0x05FFFF    384 KB  the firmware (MicroPython v1.28.0 for the Pico: ~340 KB)
//   0x060000 - 0x09FFFF    256 KB  ROMFS: the app's .mpy files, imported in place from flash
//   0x0A0000 - 0x1FFFFF   1408 KB  littlefs at "/": the position and size of stock MicroPython's,
//                                  so flashing this firmware over stock keeps a board's files
//
// rp2_flash.c puts the ROMFS right below the filesystem: its start is 2 MB minus
// MICROPY_HW_FLASH_STORAGE_BYTES (1408 KB, mpconfigboard.cmake) minus MICROPY_HW_ROMFS_BYTES.
// v1.28.0's linker script gives the firmware the whole 2 MB, so nothing stops an image that
// grew from running into the ROMFS: mpconfigboard.cmake adds a post-build check of
// __flash_binary_end (check_romfs.cmake; `python -m tools firmware check` does the same).

#define MICROPY_HW_BOARD_NAME "Raspberry Pi Pico (ROMFS)"

// Later MicroPython takes this from CMake (MICROPY_HW_ROMFS_BYTES in mpconfigboard.cmake, a
// compile definition); v1.28.0 reads it from here.
#ifndef MICROPY_HW_ROMFS_BYTES
#define MICROPY_HW_ROMFS_BYTES (256 * 1024)
#endif
