# Fusebox for the thumby profile (boards/thumby.json): RPI_PICO with the app frozen in.
#   python -m tools firmware build --board thumby
set(FUSEBOX_PROFILE "thumby")
include(${CMAKE_CURRENT_LIST_DIR}/../fusebox.cmake)
