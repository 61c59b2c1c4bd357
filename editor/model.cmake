# The editor's document model (documents, undo history, edits, autosave and recovery, settings,
# and the worker that runs its background tasks):
# plain C++ on the core with no UI, built whether or not the editor is, so its unit tests also run in
# the sanitizer build and the fault-injection sweep drives its saves.
add_library(tilelab_editor_model STATIC
  ${CMAKE_CURRENT_LIST_DIR}/document.cpp
  ${CMAKE_CURRENT_LIST_DIR}/history.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/recovery.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/worker.cpp)
target_include_directories(tilelab_editor_model PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(tilelab_editor_model PUBLIC tilelab_core)
