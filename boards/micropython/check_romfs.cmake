# Post-build step of a Fusebox board (fusebox.cmake): the firmware image must end at or below
# the ROMFS partition's start, or every ROMFS write would erase the end of its own code.
#   cmake -DNM=arm-none-eabi-nm -DELF=firmware.elf -DROMFS_START=393216 -P check_romfs.cmake
execute_process(COMMAND ${NM} ${ELF} OUTPUT_VARIABLE symbols RESULT_VARIABLE failed)
if(failed)
    message(FATAL_ERROR "Fusebox: `${NM} ${ELF}` failed")
endif()
if(NOT symbols MATCHES "([0-9a-fA-F]+) [A-Za-z] __flash_binary_end")
    message(FATAL_ERROR "Fusebox: no __flash_binary_end symbol in ${ELF}")
endif()
math(EXPR end "0x${CMAKE_MATCH_1} - 0x10000000")
math(EXPR start_hex "${ROMFS_START}" OUTPUT_FORMAT HEXADECIMAL)
if(end GREATER ROMFS_START)
    math(EXPR over "${end} - ${ROMFS_START}")
    get_filename_component(dir ${ELF} DIRECTORY)
    get_filename_component(stem ${ELF} NAME_WE)
    file(REMOVE ${dir}/${stem}.uf2 ${dir}/${stem}.bin ${dir}/${stem}.hex)
    message(FATAL_ERROR "Fusebox: the firmware ends ${over} bytes into the ROMFS partition "
        "(it starts at ${start_hex}): the ROMFS image would overwrite its code. Make "
        "MICROPY_HW_ROMFS_BYTES smaller or leave features out; no .uf2 was kept.")
endif()
math(EXPR room "${ROMFS_START} - ${end}")
message(STATUS "Fusebox: the firmware uses ${end} bytes, ${room} below the ROMFS at ${start_hex}")
