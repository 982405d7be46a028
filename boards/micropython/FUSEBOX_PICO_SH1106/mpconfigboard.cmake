# Fusebox for the pico-sh1106 profile (boards/pico-sh1106.json): RPI_PICO with the app frozen in.
#   python -m tools firmware build --board pico-sh1106
set(FUSEBOX_PROFILE "pico-sh1106")
include(${CMAKE_CURRENT_LIST_DIR}/../fusebox.cmake)
