# Fusebox for the pico-ssd1306 profile (boards/pico-ssd1306.json): RPI_PICO with the app frozen in.
#   python -m tools firmware build --board pico-ssd1306
set(FUSEBOX_PROFILE "pico-ssd1306")
include(${CMAKE_CURRENT_LIST_DIR}/../fusebox.cmake)
