// Fusebox for the thumby profile: the flash map is in ../fusebox.cmake.
#define MICROPY_HW_BOARD_NAME "TinyCircuits Thumby (Fusebox)"
#define MICROPY_HW_FLASH_STORAGE_BYTES (1408 * 1024)
// v1.28.0 reads the ROMFS size from here; ../fusebox.cmake says the same for later versions.
#define MICROPY_HW_ROMFS_BYTES (32 * 1024)
