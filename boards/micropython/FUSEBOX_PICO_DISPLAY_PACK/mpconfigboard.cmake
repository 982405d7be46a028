# Fusebox for the pico-display-pack profile (boards/pico-display-pack.json): RPI_PICO with the app frozen in.
#   python -m tools firmware build --board pico-display-pack
set(FUSEBOX_PROFILE "pico-display-pack")
include(${CMAKE_CURRENT_LIST_DIR}/../fusebox.cmake)
